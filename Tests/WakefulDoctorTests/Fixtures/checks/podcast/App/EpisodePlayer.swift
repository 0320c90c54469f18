import AVFoundation
import MediaPlayer

/// Plays episodes, with the lock screen's controls and artwork.
final class EpisodePlayer {
    private let player = AVPlayer()

    func play(_ url: URL, title: String) throws {
        try AVAudioSession.sharedInstance().setCategory(.playback, mode: .spokenAudio)
        try AVAudioSession.sharedInstance().setActive(true)
        player.replaceCurrentItem(with: AVPlayerItem(url: url))
        player.play()
        MPNowPlayingInfoCenter.default().nowPlayingInfo = [MPMediaItemPropertyTitle: title]
        MPRemoteCommandCenter.shared().pauseCommand.addTarget { [player] _ in
            player.pause()
            return .success
        }
    }
}
