/// The properties of a view that most views keep at their defaults, held apart until
/// one is set. Every controller has a view, and in a tree of 100,000 controllers
/// the views were half the model's memory; these fields were a third of each view.
/// A view without them answers the defaults; setting one to other than its default
/// makes them (so does changing an array of them in place), counted toward the memory
/// cap with the view (`SimObject.extras`).
final class ViewExtras: ObjectExtras {
    static let bytes = 176
    static let defaultMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

    var transform = Transform.identity
    var tag = 0
    var backgroundColor: String?
    var tintColor: String?
    var gestureRecognizers: [GestureRecognizer] = []
    var animations: [PropertyAnimation] = []
    var layoutMargins = defaultMargins
    var semanticContentAttribute = "unspecified"
    var clipsToBounds = false
}
