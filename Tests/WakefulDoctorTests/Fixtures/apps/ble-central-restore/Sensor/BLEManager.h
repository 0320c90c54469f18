#import <CoreBluetooth/CoreBluetooth.h>

extern NSString *const kSensorServiceUUID;

@interface BLEManager : NSObject <CBCentralManagerDelegate>
@property (nonatomic, strong) CBCentralManager *central;
@end
