/// The properties of a controller that most controllers never set, held apart until
/// one is: its title, bar items, presentation, extra safe area and preferred size. In a tree of
/// 100,000 controllers they were 40 % of each controller, and nearly all empty
/// (docs/performance.md). A controller without them answers the defaults; setting one
/// to other than its default makes them, counted toward the memory cap with the
/// controller (`SimObject.extras`).
final class ControllerExtras: ObjectExtras {
    static let bytes = 232

    var title: String?
    var navigationItem: NavigationItem?
    var toolbarItems: ToolbarItemList?
    var tabBarItem: TabBarItem?
    /// What the controller presents (it holds it).
    var presentedHere: ViewController?
    /// Weak: the presenter holds what it presents, never the reverse.
    weak var presentingViewController: ViewController?
    var contextPlace: ContextPlace?
    var additionalSafeAreaInsets = EdgeInsets.zero
    var preferredContentSize = Size.zero
    var capturesStatusBar = false
    var isModalInPresentation = false
    var transitioningDelegate: PresentationAnimators?
    /// Held during a `.custom` presentation, as UIKit's presented controller holds it.
    var presentationController: PresentationController?
    /// The one UIKit makes when none is custom (Q81).
    var systemPresentationController: PresentationController?
    /// While a transition it takes part in runs (Q80).
    var transitionCoordinator: TransitionCoordinator?
}
