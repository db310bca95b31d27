// UIKit's public members of the bars and their items, gesture recognizers, traits, the
// presentation controller and the transitioning protocols: names and kinds only
// (docs/coverage.md). From Apple's documentation index and the iOS SDK's headers.
extension UIKitCatalogue {
    static let tabBar = UIKitClass("UITabBar", inherits: "UIView", """
        var backgroundImage
        var barStyle
        var barTintColor
        var delegate
        var isCustomizing
        var isSpringLoaded
        var isTranslucent
        var itemPositioning
        var itemSpacing
        var itemWidth
        var items
        var scrollEdgeAppearance
        var selectedItem
        var selectionIndicatorImage
        var shadowImage
        var standardAppearance
        var unselectedItemTintColor
        func beginCustomizingItems(_:)
        func endCustomizing(animated:)
        func setItems(_:animated:)
        """)
    /// UIToolbar's own members (iOS 17.1 SDK header; its initializers and `tintColor` are
    /// UIView's, and `barPosition` UIBarPositioning's).
    static let toolbar = UIKitClass("UIToolbar", inherits: "UIView", """
        var barPosition
        var barStyle
        var barTintColor
        var compactAppearance
        var compactScrollEdgeAppearance
        var delegate
        var isTranslucent
        var items
        var scrollEdgeAppearance
        var standardAppearance
        func backgroundImage(forToolbarPosition:barMetrics:)
        func setBackgroundImage(_:forToolbarPosition:barMetrics:)
        func setItems(_:animated:)
        func setShadowImage(_:forToolbarPosition:)
        func shadowImage(forToolbarPosition:)
        """)
    static let navigationBar = UIKitClass("UINavigationBar", inherits: "UIView", """
        var backIndicatorImage
        var backIndicatorTransitionMaskImage
        var backItem
        var barPosition
        var barStyle
        var barTintColor
        var behavioralStyle
        var compactAppearance
        var compactScrollEdgeAppearance
        var currentNSToolbarSection
        var delegate
        var isTranslucent
        var items
        var largeTitleTextAttributes
        var preferredBehavioralStyle
        var prefersLargeTitles
        var scrollEdgeAppearance
        var shadowImage
        var standardAppearance
        var titleTextAttributes
        var topItem
        func backgroundImage(for:)
        func backgroundImage(for:barMetrics:)
        func popItem(animated:)
        func pushItem(_:animated:)
        func setBackgroundImage(_:for:)
        func setBackgroundImage(_:for:barMetrics:)
        func setItems(_:animated:)
        func setTitleVerticalPositionAdjustment(_:for:)
        func titleVerticalPositionAdjustment(for:)
        """)
    static let navigationItem = UIKitClass("UINavigationItem", inherits: nil, """
        var additionalOverflowItems
        var attributedSubtitle
        var attributedTitle
        var backAction
        var backBarButtonItem
        var backButtonDisplayMode
        var backButtonTitle
        var centerItemGroups
        var compactAppearance
        var compactScrollEdgeAppearance
        var customizationIdentifier
        var documentProperties
        var hidesBackButton
        var hidesSearchBarWhenScrolling
        var largeAttributedSubtitle
        var largeSubtitle
        var largeSubtitleView
        var largeTitle
        var largeTitleDisplayMode
        var leadingItemGroups
        var leftBarButtonItem
        var leftBarButtonItems
        var leftItemsSupplementBackButton
        var overflowPresentationSource
        var pinnedTrailingGroup
        var preferredSearchBarPlacement
        var prompt
        var renameDelegate
        var rightBarButtonItem
        var rightBarButtonItems
        var scrollEdgeAppearance
        var searchBarPlacement
        var searchBarPlacementAllowsExternalIntegration
        var searchBarPlacementAllowsToolbarIntegration
        var searchBarPlacementBarButtonItem
        var searchController
        var standardAppearance
        var style
        var subtitle
        var subtitleView
        var title
        var titleMenuProvider
        var titleView
        var trailingItemGroups
        func setHidesBackButton(_:animated:)
        func setLeftBarButton(_:animated:)
        func setLeftBarButtonItems(_:animated:)
        func setRightBarButton(_:animated:)
        func setRightBarButtonItems(_:animated:)
        init(title:)
        """)
    static let barItem = UIKitClass("UIBarItem", inherits: nil, """
        var image
        var imageInsets
        var isEnabled
        var landscapeImagePhone
        var landscapeImagePhoneInsets
        var largeContentSizeImage
        var largeContentSizeImageInsets
        var tag
        var title
        func setTitleTextAttributes(_:for:)
        func titleTextAttributes(for:)
        init()
        """)
    static let barButtonItem = UIKitClass("UIBarButtonItem", inherits: "UIBarItem", """
        var action
        var badge
        var buttonGroup
        var changesSelectionAsPrimaryAction
        var customView
        var hidesSharedBackground
        var identifier
        var isHidden
        var isSelected
        var isSpringLoaded
        var isSymbolAnimationEnabled
        var menu
        var menuRepresentation
        var possibleTitles
        var preferredMenuElementOrder
        var primaryAction
        var sharesBackground
        var style
        var target
        var tintColor
        var width
        func addSymbolEffect(_:options:animated:)
        func backButtonBackgroundImage(for:barMetrics:)
        func backButtonBackgroundVerticalPositionAdjustment(for:)
        func backButtonTitlePositionAdjustment(for:)
        func backgroundImage(for:barMetrics:)
        func backgroundImage(for:style:barMetrics:)
        func backgroundVerticalPositionAdjustment(for:)
        func creatingFixedGroup()
        func creatingMovableGroup(customizationIdentifier:)
        func creatingOptionalGroup(customizationIdentifier:isInDefaultCustomization:)
        func removeAllSymbolEffects(options:animated:)
        func removeSymbolEffect(ofType:options:animated:)
        func setBackButtonBackgroundImage(_:for:barMetrics:)
        func setBackButtonBackgroundVerticalPositionAdjustment(_:for:)
        func setBackButtonTitlePositionAdjustment(_:for:)
        func setBackgroundImage(_:for:barMetrics:)
        func setBackgroundImage(_:for:style:barMetrics:)
        func setBackgroundVerticalPositionAdjustment(_:for:)
        func setSymbolImage(_:contentTransition:options:)
        func setTitlePositionAdjustment(_:for:)
        func titlePositionAdjustment(for:)
        init()
        init(barButtonSystemItem:target:action:)
        init(customView:)
        init(image:landscapeImagePhone:style:target:action:)
        init(image:style:target:action:)
        init(systemItem:primaryAction:menu:)
        init(title:image:primaryAction:menu:)
        init(title:image:target:action:menu:)
        init(title:style:target:action:)
        class func fixedSpace()
        class func fixedSpace(_:)
        class func flexibleSpace()
        """)
    static let tabBarItem = UIKitClass("UITabBarItem", inherits: "UIBarItem", """
        var badgeColor
        var badgeValue
        var isSpringLoaded
        var scrollEdgeAppearance
        var selectedImage
        var standardAppearance
        var titlePositionAdjustment
        func badgeTextAttributes(for:)
        func setBadgeTextAttributes(_:for:)
        init()
        init(tabBarSystemItem:tag:)
        init(title:image:selectedImage:)
        init(title:image:tag:)
        """)
    static let gestureRecognizer = UIKitClass("UIGestureRecognizer", inherits: nil, """
        var allowedPressTypes
        var allowedTouchTypes
        var buttonMask
        var cancelsTouchesInView
        var delaysTouchesBegan
        var delaysTouchesEnded
        var delegate
        var isEnabled
        var modifierFlags
        var name
        var numberOfTouches
        var requiresExclusiveTouchType
        var state
        var view
        func addTarget(_:action:)
        func canBePrevented(by:)
        func canPrevent(_:)
        func ignore(_:for:)
        func location(in:)
        func location(ofTouch:in:)
        func pressesBegan(_:with:)
        func pressesCancelled(_:with:)
        func pressesChanged(_:with:)
        func pressesEnded(_:with:)
        func removeTarget(_:action:)
        func require(toFail:)
        func reset()
        func shouldBeRequiredToFail(by:)
        func shouldReceive(_:)
        func shouldRequireFailure(of:)
        func touchesBegan(_:with:)
        func touchesCancelled(_:with:)
        func touchesEnded(_:with:)
        func touchesEstimatedPropertiesUpdated(_:)
        func touchesMoved(_:with:)
        init()
        init(target:action:)
        """)
    static let tapGestureRecognizer = UIKitClass("UITapGestureRecognizer", inherits: "UIGestureRecognizer", """
        var buttonMaskRequired
        var numberOfTapsRequired
        var numberOfTouchesRequired
        """)
    static let panGestureRecognizer = UIKitClass("UIPanGestureRecognizer", inherits: "UIGestureRecognizer", """
        var allowedScrollTypesMask
        var maximumNumberOfTouches
        var minimumNumberOfTouches
        func setTranslation(_:in:)
        func translation(in:)
        func velocity(in:)
        """)
    static let screenEdgePanGestureRecognizer = UIKitClass("UIScreenEdgePanGestureRecognizer", inherits: "UIPanGestureRecognizer", """
        var edges
        """)
    static let traitCollection = UIKitClass("UITraitCollection", inherits: nil, """
        var accessibilityContrast
        var activeAppearance
        var displayGamut
        var displayScale
        var forceTouchCapability
        var hdrHeadroomUsageLimit
        var horizontalSizeClass
        var imageConfiguration
        var imageDynamicRange
        var layoutDirection
        var legibilityWeight
        var listEnvironment
        var preferredContentSizeCategory
        var resolvesNaturalAlignmentWithBaseWritingDirection
        var sceneCaptureState
        var splitViewControllerLayoutEnvironment
        var tabAccessoryEnvironment
        var toolbarItemPresentationSize
        var typesettingLanguage
        var userInterfaceIdiom
        var userInterfaceLevel
        var userInterfaceStyle
        var verticalSizeClass
        func changedTraits(from:)
        func hasDifferentColorAppearance(comparedTo:)
        func modifyingTraits(_:)
        func performAsCurrent(_:)
        func replacing(_:value:)
        init()
        init(_:value:)
        init(accessibilityContrast:)
        init(activeAppearance:)
        init(displayGamut:)
        init(displayScale:)
        init(forceTouchCapability:)
        init(hdrHeadroomUsageLimit:)
        init(horizontalSizeClass:)
        init(imageDynamicRange:)
        init(layoutDirection:)
        init(legibilityWeight:)
        init(listEnvironment:)
        init(mutations:)
        init(preferredContentSizeCategory:)
        init(resolvesNaturalAlignmentWithBaseWritingDirection:)
        init(sceneCaptureState:)
        init(tabAccessoryEnvironment:)
        init(toolbarItemPresentationSize:)
        init(typesettingLanguage:)
        init(userInterfaceIdiom:)
        init(userInterfaceLevel:)
        init(userInterfaceStyle:)
        init(verticalSizeClass:)
        class var current
        class var systemTraitsAffectingColorAppearance
        class var systemTraitsAffectingImageLookup
        """)
    static let presentationController = UIKitClass("UIPresentationController", inherits: nil, """
        var adaptivePresentationStyle
        var backgroundEffect
        var containerView
        var delegate
        var frameOfPresentedViewInContainerView
        var preferredContentSize
        var presentationStyle
        var presentedView
        var presentedViewController
        var presentingViewController
        var shouldPresentInFullscreen
        var shouldRemovePresentersView
        var traitCollection
        var traitOverrides
        func adaptivePresentationStyle(for:)
        func containerViewDidLayoutSubviews()
        func containerViewWillLayoutSubviews()
        func dismissalTransitionDidEnd(_:)
        func dismissalTransitionWillBegin()
        func preferredContentSizeDidChange(forChildContentContainer:)
        func presentationTransitionDidEnd(_:)
        func presentationTransitionWillBegin()
        func registerForTraitChanges(_:action:)
        func registerForTraitChanges(_:handler:)
        func registerForTraitChanges(_:target:action:)
        func size(forChildContentContainer:withParentContainerSize:)
        func systemLayoutFittingSizeDidChange(forChildContentContainer:)
        func unregisterForTraitChanges(_:)
        func viewWillTransition(to:with:)
        func willTransition(to:with:)
        init(presentedViewController:presenting:)
        """)
    static let sheetPresentationController = UIKitClass("UISheetPresentationController", inherits: "UIPresentationController", """
        var detents
        var largestUndimmedDetentIdentifier
        var preferredCornerRadius
        var prefersEdgeAttachedInCompactHeight
        var prefersGrabberVisible
        var prefersPageSizing
        var prefersScrollingExpandsWhenScrolledToEdge
        var selectedDetentIdentifier
        var sourceView
        var widthFollowsPreferredContentSizeWhenEdgeAttached
        func animateChanges(_:)
        func invalidateDetents()
        """)
    static let percentDrivenInteractiveTransition = UIKitClass("UIPercentDrivenInteractiveTransition", inherits: nil, """
        var completionCurve
        var completionSpeed
        var duration
        var percentComplete
        var timingCurve
        var wantsInteractiveStart
        func cancel()
        func finish()
        func pause()
        func startInteractiveTransition(_:)
        func update(_:)
        """)
    static let contextTransitioning = UIKitClass("UIViewControllerContextTransitioning", inherits: nil, isProtocol: true, """
        var containerView
        var isAnimated
        var isInteractive
        var presentationStyle
        var targetTransform
        var transitionWasCancelled
        func cancelInteractiveTransition()
        func completeTransition(_:)
        func finalFrame(for:)
        func finishInteractiveTransition()
        func initialFrame(for:)
        func pauseInteractiveTransition()
        func updateInteractiveTransition(_:)
        func view(forKey:)
        func viewController(forKey:)
        """)
    static let transitionCoordinatorContext = UIKitClass("UIViewControllerTransitionCoordinatorContext", inherits: nil, isProtocol: true, """
        var completionCurve
        var completionVelocity
        var containerView
        var initiallyInteractive
        var isAnimated
        var isCancelled
        var isInteractive
        var isInterruptible
        var percentComplete
        var presentationStyle
        var targetTransform
        var transitionDuration
        func view(forKey:)
        func viewController(forKey:)
        """)
    static let transitionCoordinator = UIKitClass("UIViewControllerTransitionCoordinator", inherits: "UIViewControllerTransitionCoordinatorContext", isProtocol: true, """
        func animate(alongsideTransition:completion:)
        func animateAlongsideTransition(in:animation:completion:)
        func notifyWhenInteractionChanges(_:)
        """)
    static let animatedTransitioning = UIKitClass("UIViewControllerAnimatedTransitioning", inherits: nil, isProtocol: true, """
        func animateTransition(using:)
        func animationEnded(_:)
        func interruptibleAnimator(using:)
        func transitionDuration(using:)
        """)
    static let interactiveTransitioning = UIKitClass("UIViewControllerInteractiveTransitioning", inherits: nil, isProtocol: true, """
        var completionCurve
        var completionSpeed
        var wantsInteractiveStart
        func startInteractiveTransition(_:)
        """)
    static let transitioningDelegate = UIKitClass("UIViewControllerTransitioningDelegate", inherits: nil, isProtocol: true, """
        func animationController(forDismissed:)
        func animationController(forPresented:presenting:source:)
        func interactionControllerForDismissal(using:)
        func interactionControllerForPresentation(using:)
        func presentationController(forPresented:presenting:source:)
        """)
}
