#import "BLEManager.h"

#define kCentralRestoreIdentifier @"com.example.sensor.central"
NSString *const kSensorServiceUUID = @"180D";

@implementation BLEManager

- (instancetype)init {
    if ((self = [super init])) {
        // State restoration: iOS relaunches the app for the sensor's events.
        _central = [[CBCentralManager alloc] initWithDelegate:self
                                                        queue:nil
                                                      options:@{CBCentralManagerOptionRestoreIdentifierKey: kCentralRestoreIdentifier}];
    }
    return self;
}

- (void)centralManager:(CBCentralManager *)central willRestoreState:(NSDictionary<NSString *, id> *)state {
}

- (void)centralManagerDidUpdateState:(CBCentralManager *)central {
    if (central.state == CBManagerStatePoweredOn) {
        [central scanForPeripheralsWithServices:@[[CBUUID UUIDWithString:kSensorServiceUUID]] options:nil];
    }
}

@end
