#import <AVFoundation/AVFoundation.h>

@implementation LegacyKeepAlive

- (void)start {
    NSString *path = [[NSBundle mainBundle] pathForResource:@"blank" ofType:@"wav"];
    self.player = [[AVAudioPlayer alloc] initWithContentsOfURL:[NSURL fileURLWithPath:path] error:nil];
    self.player.numberOfLoops = -1;
    [self.player play];
}

@end
