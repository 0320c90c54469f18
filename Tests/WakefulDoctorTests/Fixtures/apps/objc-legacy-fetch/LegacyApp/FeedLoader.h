#import <Foundation/Foundation.h>

@interface FeedLoader : NSObject
+ (instancetype)sharedLoader;
- (void)loadWithCompletion:(void (^)(BOOL newData))completion;
@end
