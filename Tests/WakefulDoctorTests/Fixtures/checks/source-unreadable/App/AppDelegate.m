#import "AppDelegate.h"

@implementation AppDelegate

- (void)application:(UIApplication *)application didReceiveRemoteNotification:(NSDictionary *)userInfo fetchCompletionHandler:(void (^)(UIBackgroundFetchResult))completionHandler {
    completionHandler(UIBackgroundFetchResultNoData);
}

#if 0
- (void)oldSync {
    [[UIApplication sharedApplication] setMinimumBackgroundFetchInterval:3600];
}

@end
