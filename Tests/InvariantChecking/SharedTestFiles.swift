import Foundation

/// Test files that more than one test target reads, named in one place.
public enum SharedTestFiles {
    /// The scenario scripts (docs/scenarios.md). Each expected trace is written once, in
    /// a script's `ui.expectTrace [[...]]`: the binding's tests run the scripts
    /// (ScenarioScriptTests), the model's Swift tests read the same text and check the
    /// model alone against it (ContainmentTests' `Scenario`).
    public static let scenarios = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenarios")
}
