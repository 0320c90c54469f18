import AVFoundation
import MediaPlayer

/// Plays an episode, with the lock screen's title and controls.
@MainActor
final class EpisodePlayer {
    private let player = AVPlayer()

    func play(_ url: URL, title: String) throws {
        try AVAudioSession.sharedInstance().setCategory(.playback, mode: .spokenAudio)
        try AVAudioSession.sharedInstance().setActive(true)
        player.replaceCurrentItem(with: AVPlayerItem(url: url))
        player.play()
        MPNowPlayingInfoCenter.default().nowPlayingInfo = [MPMediaItemPropertyTitle: title]
        MPRemoteCommandCenter.shared().togglePlayPauseCommand.addTarget { [player] _ in
            player.rate == 0 ? player.play() : player.pause()
            return .success
        }
    }
}
