import Foundation

/// A `PBXNativeTarget` of an Xcode project.
public struct XcodeTarget: Sendable, Hashable {
    /// The object's identifier in `project.pbxproj`.
    public var id: String
    /// The target's name (`TARGET_NAME`).
    public var name: String
    /// `com.apple.product-type.application`, `com.apple.product-type.app-extension` …
    public var productType: String
    /// The target's configurations.
    public var configurationList: XcodeConfigurationList
    /// The kinds of its build phases in order (`PBXSourcesBuildPhase` …).
    public var buildPhases: [String]
    /// The folders of its `fileSystemSynchronizedGroups` (Xcode 16 and later), relative to the
    /// project's folder.
    public var synchronizedGroups: [String]
    /// The files its Sources build phase compiles, relative to the project's folder (classic
    /// projects list each file; synchronized folders are in ``synchronizedGroups``).
    public var sourceFiles: [String]
    /// The line of the target's object in `project.pbxproj`.
    public var line: Int?

    /// The product type of an iOS app.
    public static let applicationProductType = "com.apple.product-type.application"

    /// Creates a target.
    public init(
        id: String, name: String, productType: String, configurationList: XcodeConfigurationList,
        buildPhases: [String] = [],
        synchronizedGroups: [String] = [], sourceFiles: [String] = [], line: Int? = nil
    ) {
        self.id = id
        self.name = name
        self.productType = productType
        self.configurationList = configurationList
        self.buildPhases = buildPhases
        self.synchronizedGroups = synchronizedGroups
        self.sourceFiles = sourceFiles
        self.line = line
    }

    /// Whether the target builds an app.
    public var isApplication: Bool { productType == Self.applicationProductType }

    /// Whether the target builds a product of its own that does not run inside the app: a test
    /// bundle, an extension (its own process and Info.plist) or another app. Its code is no
    /// evidence of what the app uses; frameworks and libraries, which the app may link, are.
    public var isSeparateProduct: Bool {
        productType.contains("bundle.unit-test") || productType.contains("bundle.ui-testing")
            || productType.contains("extension") || productType.hasPrefix("com.apple.product-type.application")
    }

    /// The target as a list in a message names it: `Widget (app-extension)`.
    var summary: String {
        let kind =
            productType.hasPrefix("com.apple.product-type.")
            ? String(productType.dropFirst("com.apple.product-type.".count)) : productType
        return kind.isEmpty ? name : "\(name) (\(kind))"
    }

    /// `CFBundlePackageType` Xcode's product types give their bundles (`PRODUCT_BUNDLE_PACKAGE_TYPE`).
    var bundlePackageType: String? {
        switch productType {
        case Self.applicationProductType, "com.apple.product-type.application.watchapp2": "APPL"
        case "com.apple.product-type.app-extension", "com.apple.product-type.extensionkit-extension": "XPC!"
        case "com.apple.product-type.framework": "FMWK"
        case "com.apple.product-type.bundle", "com.apple.product-type.bundle.unit-test",
            "com.apple.product-type.bundle.ui-testing":
            "BNDL"
        default: nil
        }
    }
}
