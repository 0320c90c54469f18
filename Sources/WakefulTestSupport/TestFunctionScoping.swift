import Testing

/// A trait for a suite (and every suite and test inside it) that wraps each test function once:
/// not the suite itself, and not each argument of a parameterized test, whose cases run inside
/// the one scope.
public protocol TestFunctionScoping: SuiteTrait, TestTrait, TestScoping {}

extension TestFunctionScoping {
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite || testCase != nil ? nil : self
    }
}
