#import <Foundation/Foundation.h>

// [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:@"x" usingQueue:nil launchHandler:nil];
/* [[CBPeripheralManager alloc] initWithDelegate:self queue:nil options:@{CBPeripheralManagerOptionRestoreIdentifierKey: @"p"}];
   [session setCategory:AVAudioSessionCategoryPlayback error:nil]; PKPushTypeVoIP */
#if 0
- (void)application:(UIApplication *)application didReceiveRemoteNotification:(NSDictionary *)userInfo fetchCompletionHandler:(void (^)(UIBackgroundFetchResult))completionHandler {
    [manager startRangingBeaconsSatisfyingConstraint:constraint];
}
#endif

@implementation Explained
- (NSString *)text {
    return @"[manager requestWhenInUseAuthorization]; [NSURLSessionConfiguration backgroundSessionConfigurationWithIdentifier:@\"x\"]; "
           @"[[BGProcessingTaskRequest alloc] initWithIdentifier:@\"y\"]; [CMPedometer new]; silence.mp3";
}
@end
