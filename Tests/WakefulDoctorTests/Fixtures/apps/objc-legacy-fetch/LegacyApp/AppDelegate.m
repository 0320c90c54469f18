#import "AppDelegate.h"
#import "FeedLoader.h"

@implementation AppDelegate

- (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
    // The interval was removed in 2.0:
    // [application setMinimumBackgroundFetchInterval:UIApplicationBackgroundFetchIntervalMinimum];
    NSLog(@"launched; setMinimumBackgroundFetchInterval is not called");
    return YES;
}

- (void)application:(UIApplication *)application
    performFetchWithCompletionHandler:(void (^)(UIBackgroundFetchResult))completionHandler
{
    [[FeedLoader sharedLoader] loadWithCompletion:^(BOOL newData) {
        completionHandler(newData ? UIBackgroundFetchResultNewData : UIBackgroundFetchResultNoData);
    }];
}

@end
