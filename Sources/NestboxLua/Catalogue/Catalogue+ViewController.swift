// UIKit's public members of UIResponder and UIViewController: names and kinds only
// (docs/coverage.md). From Apple's documentation index and the iOS SDK's headers.
extension UIKitCatalogue {
    static let responder = UIKitClass("UIResponder", inherits: nil, """
        var activityItemsConfiguration
        var canBecomeFirstResponder
        var canResignFirstResponder
        var editingInteractionConfiguration
        var inputAccessoryView
        var inputAccessoryViewController
        var inputAssistantItem
        var inputView
        var inputViewController
        var isFirstResponder
        var keyCommands
        var next
        var textInputContextIdentifier
        var textInputMode
        var undoManager
        var userActivity
        func becomeFirstResponder()
        func buildMenu(with:)
        func canPerformAction(_:withSender:)
        func captureTextFromCamera(_:)
        func motionBegan(_:with:)
        func motionCancelled(_:with:)
        func motionEnded(_:with:)
        func pressesBegan(_:with:)
        func pressesCancelled(_:with:)
        func pressesChanged(_:with:)
        func pressesEnded(_:with:)
        func provider(for:)
        func reloadInputViews()
        func remoteControlReceived(with:)
        func resignFirstResponder()
        func restoreUserActivityState(_:)
        func target(forAction:withSender:)
        func touchesBegan(_:with:)
        func touchesCancelled(_:with:)
        func touchesEnded(_:with:)
        func touchesEstimatedPropertiesUpdated(_:)
        func touchesMoved(_:with:)
        func updateUserActivityState(_:)
        func validate(_:)
        class var keyboardAnimationCurveUserInfoKey
        class var keyboardAnimationDurationUserInfoKey
        class var keyboardDidChangeFrameNotification
        class var keyboardDidHideNotification
        class var keyboardDidShowNotification
        class var keyboardFrameBeginUserInfoKey
        class var keyboardFrameEndUserInfoKey
        class var keyboardIsLocalUserInfoKey
        class var keyboardWillChangeFrameNotification
        class var keyboardWillHideNotification
        class var keyboardWillShowNotification
        class func clearTextInputContextIdentifier(_:)
        """)
    static let viewController = UIKitClass("UIViewController", inherits: "UIResponder", """
        var activePresentationController
        var additionalSafeAreaInsets
        var arrangementViewController
        var childForHomeIndicatorAutoHidden
        var childForInterfaceOrientationLock
        var childForPreferredVerticalBarBehavior
        var childForScreenEdgesDeferringSystemGestures
        var childForStatusBarHidden
        var childForStatusBarStyle
        var childViewControllerForPointerLock
        var children
        var contentUnavailableConfiguration
        var contentUnavailableConfigurationState
        var definesPresentationContext
        var disablesAutomaticKeyboardDismissal
        var edgesForExtendedLayout
        var editButtonItem
        var extendedLayoutIncludesOpaqueBars
        var extensionContext
        var focusGroupIdentifier
        var hidesBottomBarWhenPushed
        var interactionActivityTrackingBaseName
        var isBeingDismissed
        var isBeingPresented
        var isEditing
        var isModalInPresentation
        var isMovingFromParent
        var isMovingToParent
        var isViewLoaded
        var modalPresentationCapturesStatusBarAppearance
        var modalPresentationStyle
        var modalTransitionStyle
        var navigationController
        var navigationItem
        var nibBundle
        var nibName
        var overrideUserInterfaceStyle
        var parent
        var performsActionsWhilePresentingModally
        var popoverPresentationController
        var preferredContentSize
        var preferredInterfaceOrientationForPresentation
        var preferredScreenEdgesDeferringSystemGestures
        var preferredStatusBarStyle
        var preferredStatusBarUpdateAnimation
        var preferredTransition
        var preferredVerticalBarBehavior
        var prefersHomeIndicatorAutoHidden
        var prefersInterfaceOrientationLocked
        var prefersPointerLocked
        var prefersStatusBarHidden
        var presentationController
        var presentedViewController
        var presentingViewController
        var providesPresentationContextTransitionStyle
        var restorationClass
        var restorationIdentifier
        var restoresFocusAfterTransition
        var sheetPresentationController
        var shouldAutomaticallyForwardAppearanceMethods
        var splitViewController
        var storyboard
        var supportedInterfaceOrientations
        var systemMinimumLayoutMargins
        var tab
        var tabBarController
        var tabBarItem
        var title
        var toolbarItems
        var traitCollection
        var traitOverrides
        var transitionCoordinator
        var transitioningDelegate
        var view
        var viewIfLoaded
        var viewRespectsSystemMinimumLayoutMargins
        func addChild(_:)
        func addKeyCommand(_:)
        func allowedChildrenForUnwinding(from:)
        func applicationFinishedRestoringState()
        func beginAppearanceTransition(_:animated:)
        func canPerformUnwindSegueAction(_:from:sender:)
        func childContaining(_:)
        func collapseSecondaryViewController(_:for:)
        func contentScrollView(for:)
        func decodeRestorableState(with:)
        func didMove(toParent:)
        func didReceiveMemoryWarning()
        func dismiss(animated:completion:)
        func encodeRestorableState(with:)
        func endAppearanceTransition()
        func loadView()
        func loadViewIfNeeded()
        func performSegue(withIdentifier:sender:)
        func preferredContentSizeDidChange(forChildContentContainer:)
        func prepare(for:sender:)
        func present(_:animated:completion:)
        func registerSceneAccessory(_:)
        func removeFromParent()
        func removeKeyCommand(_:)
        func separateSecondaryViewController(for:)
        func setContentScrollView(_:)
        func setContentScrollView(_:for:)
        func setEditing(_:animated:)
        func setNeedsStatusBarAppearanceUpdate()
        func setNeedsUpdateContentUnavailableConfiguration()
        func setNeedsUpdateOfHomeIndicatorAutoHidden()
        func setNeedsUpdateOfPrefersInterfaceOrientationLocked()
        func setNeedsUpdateOfPrefersPointerLocked()
        func setNeedsUpdateOfScreenEdgesDeferringSystemGestures()
        func setNeedsUpdateOfSupportedInterfaceOrientations()
        func setNeedsUpdateOfVerticalBarConfiguration()
        func setNeedsUpdateProperties()
        func setToolbarItems(_:animated:)
        func shouldPerformSegue(withIdentifier:sender:)
        func show(_:sender:)
        func showDetailViewController(_:sender:)
        func size(forChildContentContainer:withParentContainerSize:)
        func systemLayoutFittingSizeDidChange(forChildContentContainer:)
        func targetViewController(forAction:sender:)
        func transition(from:to:duration:options:animations:completion:)
        func unregisterSceneAccessory(_:)
        func unwind(for:towards:)
        func updateContentUnavailableConfiguration(using:)
        func updateProperties()
        func updatePropertiesIfNeeded()
        func updateTraitsIfNeeded()
        func updateViewConstraints()
        func viewDidAppear(_:)
        func viewDidDisappear(_:)
        func viewDidLayoutSubviews()
        func viewDidLoad()
        func viewIsAppearing(_:)
        func viewLayoutMarginsDidChange()
        func viewSafeAreaInsetsDidChange()
        func viewWillAppear(_:)
        func viewWillDisappear(_:)
        func viewWillLayoutSubviews()
        func viewWillTransition(to:with:)
        func willMove(toParent:)
        func willTransition(to:with:)
        init(nibName:bundle:)
        class var hierarchyInconsistencyException
        class var showDetailTargetDidChangeNotification
        """)
}
