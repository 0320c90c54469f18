// The pieces of Apple's toolchain that an iOS link of Swift code needs and that a Linux Swift
// toolchain does not have. scripts/ios-link.sh compiles this file for arm64-apple-ios with the SDK
// and links it into the demo app; it defines only symbols the link would otherwise leave undefined
// (the link report lists them). Each piece says what Xcode links instead and why this is the same
// for an app whose deployment target is the link's floor (iOS 26.0 with the mirror's SDK, at least
// iOS 17 in any case).

#include <stdbool.h>
#include <stdint.h>

// `#available` and `if #available` in Swift (and `@available` in Objective-C) call
// __isPlatformVersionAtLeast. Xcode links it from compiler-rt's libclang_rt.ios.a
// (compiler-rt/lib/builtins/os_version_check.c), which asks dyld through
// _availability_version_check when the OS has it and otherwise parses
// /System/Library/CoreServices/SystemVersion.plist. Every iOS since 14 has
// _availability_version_check (libSystem re-exports it), so on the app's deployment target
// compiler-rt always takes that path; this is that path, called directly.
typedef struct {
    uint32_t platform;  // PLATFORM_IOS is 2
    uint32_t version;   // 0xMMMMmmpp: major, minor, patch
} dyld_build_version_t;

extern bool _availability_version_check(uint32_t count, dyld_build_version_t versions[]);

int32_t __isPlatformVersionAtLeast(uint32_t platform, uint32_t major, uint32_t minor, uint32_t subminor);

int32_t __isPlatformVersionAtLeast(uint32_t platform, uint32_t major, uint32_t minor, uint32_t subminor) {
    dyld_build_version_t version = {
        platform, ((major & 0xffff) << 16) | ((minor & 0xff) << 8) | (subminor & 0xff)};
    return _availability_version_check(1, &version);
}

// Swift code compiled for a deployment target below iOS 15.4 (the package's modules are compiled
// for iOS 15.0) references _swift_FORCE_LOAD_$_swiftCompatibility56, so that the linker pulls in
// libswiftCompatibility56.a from Xcode's toolchain. That archive defines this byte and two
// sections of hooks (__DATA,__s_async_hook and __DATA,__swift56_hooks) which replace
// swift_task_create_common and swift_task_future_wait(_throwing) in the Swift 5.5 concurrency
// runtime of iOS 15.0-15.3. The app never runs on those releases: from iOS 15.4 on the runtime
// has the fixed functions and the hooks change nothing. So the byte alone is what the link needs.
// (Hidden and weak, like the archive's.)
__attribute__((weak, visibility("hidden"))) char swift_force_load_compatibility56 __asm__(
    "__swift_FORCE_LOAD_$_swiftCompatibility56") = 0;
