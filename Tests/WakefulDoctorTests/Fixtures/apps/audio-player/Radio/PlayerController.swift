import AVFoundation
import MediaPlayer

/// Streams the station and keeps Now Playing and the remote commands current.
final class PlayerController {
    private let player: AVPlayer
    private var station: Station?

    init(stream: URL) {
        player = AVPlayer(url: stream)
    }

    func start() throws {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.playback, mode: .default, policy: .longFormAudio)
        try session.setActive(true)
        player.play()
        configureRemoteCommands()
    }

    private func configureRemoteCommands() {
        let commands = MPRemoteCommandCenter.shared()
        commands.playCommand.addTarget { [player] _ in
            player.play()
            return .success
        }
        commands.pauseCommand.addTarget { [player] _ in
            player.pause()
            return .success
        }
    }

    func show(_ station: Station) {
        self.station = station
        MPNowPlayingInfoCenter.default().nowPlayingInfo = [
            MPMediaItemPropertyTitle: station.name,
            MPNowPlayingInfoPropertyIsLiveStream: true,
        ]
    }
}
