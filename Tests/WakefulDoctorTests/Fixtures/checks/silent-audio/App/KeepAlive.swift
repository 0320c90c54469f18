import AVFoundation

/// Keeps the app running in the background by playing a silent file for ever.
final class KeepAlive {
    private var player: AVAudioPlayer?

    func start() throws {
        try AVAudioSession.sharedInstance().setCategory(.playback, options: .mixWithOthers)
        guard let url = Bundle.main.url(forResource: "silence", withExtension: "mp3") else { return }
        let player = try AVAudioPlayer(contentsOf: url)
        player.numberOfLoops = -1
        player.volume = 0
        player.play()
        self.player = player
    }
}
