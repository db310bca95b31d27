import Testing
@testable import NestboxLua
import InvariantChecking

/// The near-miss names lints suggest (L12, L19's typo check): the edit distance that
/// stops once a row passes its limit answers as the whole one does, up to the limit.
@Suite(.checksInvariants) struct LintNamesTests {
    @Test("a bounded edit distance is the full one, or the limit plus one past it")
    func boundedDistance() {
        let names = ["viewWillAppear", "viewWilAppear", "veiwWillAppear", "title", "tilte", "", "a",
                     "supportedInterfaceOrientations", "supportedInterfaceOrientation", "preferredInterfaceOrientationForPresentation",
                     "setNeedsUpdateOfSupportedInterfaceOrientations", "viewDidLoad", "ab", "ba", "abc", "cab"]
        for x in names {
            for y in names {
                let a = Array(x.unicodeScalars), b = Array(y.unicodeScalars)
                let full = LintNames.editDistance(a, b)
                for limit in 0...3 {
                    #expect(LintNames.editDistance(a, b, limit: limit) == min(full, limit + 1), "\(x) ~ \(y) within \(limit)")
                }
            }
        }
        #expect(LintNames.editDistance(Array("tilte".unicodeScalars), Array("title".unicodeScalars)) == 1)
        #expect(LintNames.nearest("viewWillAppears", in: ["viewWillAppear", "preferredStatusBarStyle"]) == nil)     // a plural
        #expect(LintNames.nearest("supportedIntrefaceOrientations", in: ["supportedInterfaceOrientations", "preferredStatusBarStyle"]) == "supportedInterfaceOrientations")
    }
}
