// UIKit's public members of UIView, UIWindow, UILabel, UIControl and UIButton: names and
// kinds only (docs/coverage.md). From Apple's documentation index and the iOS SDK's headers.
extension UIKitCatalogue {
    static let view = UIKitClass("UIView", inherits: "UIResponder", """
        var alignmentRectInsets
        var alpha
        var anchorPoint
        var appEntityIdentifier
        var appEntityUIElementProvider
        var appliedContentSizeCategoryLimitsDescription
        var autoresizesSubviews
        var autoresizingMask
        var backgroundColor
        var bottomAnchor
        var bounds
        var canBecomeFocused
        var center
        var centerXAnchor
        var centerYAnchor
        var clearsContextBeforeDrawing
        var clipsToBounds
        var constraints
        var contentMode
        var contentScaleFactor
        var cornerConfiguration
        var directionalLayoutMargins
        var effectiveUserInterfaceLayoutDirection
        var firstBaselineAnchor
        var focusEffect
        var focusGroupIdentifier
        var focusGroupPriority
        var forFirstBaselineLayout
        var forLastBaselineLayout
        var frame
        var gestureRecognizers
        var hasAmbiguousLayout
        var heightAnchor
        var hoverStyle
        var insetsLayoutMarginsFromSafeArea
        var interactions
        var intrinsicContentSize
        var isExclusiveTouch
        var isFocused
        var isHidden
        var isMultipleTouchEnabled
        var isOpaque
        var isUserInteractionEnabled
        var keyboardLayoutGuide
        var lastBaselineAnchor
        var layer
        var layoutGuides
        var layoutMargins
        var layoutMarginsGuide
        var leadingAnchor
        var leftAnchor
        var mask
        var maximumContentSizeCategory
        var minimumContentSizeCategory
        var motionEffects
        var overrideUserInterfaceStyle
        var preservesSuperviewLayoutMargins
        var readableContentGuide
        var restorationIdentifier
        var rightAnchor
        var safeAreaInsets
        var safeAreaLayoutGuide
        var semanticContentAttribute
        var subviews
        var superview
        var tag
        var tintAdjustmentMode
        var tintColor
        var topAnchor
        var trailingAnchor
        var traitCollection
        var traitOverrides
        var transform
        var transform3D
        var translatesAutoresizingMaskIntoConstraints
        var widthAnchor
        var window
        func addConstraint(_:)
        func addConstraints(_:)
        func addGestureRecognizer(_:)
        func addInteraction(_:)
        func addLayoutGuide(_:)
        func addMotionEffect(_:)
        func addSubview(_:)
        func alignmentRect(forFrame:)
        func bringSubviewToFront(_:)
        func constraintsAffectingLayout(for:)
        func contentCompressionResistancePriority(for:)
        func contentHuggingPriority(for:)
        func convert(_:from:)
        func convert(_:to:)
        func decodeRestorableState(with:)
        func didAddSubview(_:)
        func didMoveToSuperview()
        func didMoveToWindow()
        func directionalEdgeInsets(for:)
        func draw(_:)
        func draw(_:for:)
        func drawHierarchy(in:afterScreenUpdates:)
        func edgeInsets(for:)
        func effectiveRadius(corner:)
        func encodeRestorableState(with:)
        func endEditing(_:)
        func exchangeSubview(at:withSubviewAt:)
        func exerciseAmbiguityInLayout()
        func frame(forAlignmentRect:)
        func gestureRecognizerShouldBegin(_:)
        func hitTest(_:with:)
        func insertSubview(_:aboveSubview:)
        func insertSubview(_:at:)
        func insertSubview(_:belowSubview:)
        func invalidateIntrinsicContentSize()
        func isDescendant(of:)
        func layoutGuide(for:)
        func layoutIfNeeded()
        func layoutMarginsDidChange()
        func layoutSubviews()
        func needsUpdateConstraints()
        func point(inside:with:)
        func registerForTraitChanges(_:action:)
        func registerForTraitChanges(_:handler:)
        func registerForTraitChanges(_:target:action:)
        func removeConstraint(_:)
        func removeConstraints(_:)
        func removeFromSuperview()
        func removeGestureRecognizer(_:)
        func removeInteraction(_:)
        func removeLayoutGuide(_:)
        func removeMotionEffect(_:)
        func resizableSnapshotView(from:afterScreenUpdates:withCapInsets:)
        func safeAreaInsetsDidChange()
        func sendSubviewToBack(_:)
        func setContentCompressionResistancePriority(_:for:)
        func setContentHuggingPriority(_:for:)
        func setNeedsDisplay()
        func setNeedsDisplay(_:)
        func setNeedsLayout()
        func setNeedsUpdateConstraints()
        func setNeedsUpdateProperties()
        func sizeThatFits(_:)
        func sizeToFit()
        func snapshotView(afterScreenUpdates:)
        func systemLayoutSizeFitting(_:)
        func systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)
        func tintColorDidChange()
        func unregisterForTraitChanges(_:)
        func updateConstraints()
        func updateConstraintsIfNeeded()
        func updateProperties()
        func updatePropertiesIfNeeded()
        func updateTraitsIfNeeded()
        func viewPrintFormatter()
        func viewWithTag(_:)
        func willMove(toSuperview:)
        func willMove(toWindow:)
        func willRemoveSubview(_:)
        init(frame:)
        class var areAnimationsEnabled
        class var inheritedAnimationDuration
        class var layerClass
        class var layoutFittingCompressedSize
        class var layoutFittingExpandedSize
        class var noIntrinsicMetric
        class var requiresConstraintBasedLayout
        class func addKeyframe(withRelativeStartTime:relativeDuration:animations:)
        class func animate(_:changes:completion:)
        class func animate(springDuration:bounce:initialSpringVelocity:delay:options:animations:completion:)
        class func animate(withDuration:animations:)
        class func animate(withDuration:animations:completion:)
        class func animate(withDuration:delay:options:animations:completion:)
        class func animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)
        class func animateKeyframes(withDuration:delay:options:animations:completion:)
        class func modifyAnimations(withRepeatCount:autoreverses:animations:)
        class func perform(_:on:options:animations:completion:)
        class func performWithoutAnimation(_:)
        class func setAnimationsEnabled(_:)
        class func transition(from:to:duration:options:completion:)
        class func transition(with:duration:options:animations:completion:)
        class func userInterfaceLayoutDirection(for:)
        class func userInterfaceLayoutDirection(for:relativeTo:)
        """)

    static let window = UIKitClass("UIWindow", inherits: "UIView", """
        var canBecomeKey
        var canResizeToFitContent
        var isKeyWindow
        var rootViewController
        var safeAreaAspectFitLayoutGuide
        var screen
        var windowLevel
        var windowScene
        func becomeKey()
        func convert(_:from:)
        func convert(_:to:)
        func makeKey()
        func makeKeyAndVisible()
        func resignKey()
        func sendEvent(_:)
        init(frame:)
        init(windowScene:)
        class var didBecomeHiddenNotification
        class var didBecomeKeyNotification
        class var didBecomeVisibleNotification
        class var didResignKeyNotification
        """)

    static let label = UIKitClass("UILabel", inherits: "UIView", """
        var adjustsFontForContentSizeCategory
        var adjustsFontSizeToFitWidth
        var allowsDefaultTighteningForTruncation
        var attributedText
        var baselineAdjustment
        var font
        var highlightedTextColor
        var isEnabled
        var isHighlighted
        var lineBreakMode
        var lineBreakStrategy
        var minimumScaleFactor
        var numberOfLines
        var preferredMaxLayoutWidth
        var preferredVibrancy
        var shadowColor
        var shadowOffset
        var showsExpansionTextWhenTruncated
        var sizingRule
        var text
        var textAlignment
        var textColor
        func drawText(in:)
        func textRect(forBounds:limitedToNumberOfLines:)
        """)

    static let control = UIKitClass("UIControl", inherits: "UIView", """
        var allControlEvents
        var allTargets
        var contentHorizontalAlignment
        var contentVerticalAlignment
        var contextMenuInteraction
        var effectiveContentHorizontalAlignment
        var isContextMenuInteractionEnabled
        var isEnabled
        var isHighlighted
        var isSelected
        var isSymbolAnimationEnabled
        var isTouchInside
        var isTracking
        var showsMenuAsPrimaryAction
        var state
        var toolTip
        var toolTipInteraction
        func actions(forTarget:forControlEvent:)
        func addAction(_:for:)
        func addTarget(_:action:for:)
        func beginTracking(_:with:)
        func cancelTracking(with:)
        func contextMenuInteraction(_:configurationForMenuAtLocation:)
        func contextMenuInteraction(_:previewForDismissingMenuWithConfiguration:)
        func contextMenuInteraction(_:previewForHighlightingMenuWithConfiguration:)
        func contextMenuInteraction(_:willDisplayMenuFor:animator:)
        func contextMenuInteraction(_:willEndFor:animator:)
        func continueTracking(_:with:)
        func endTracking(_:with:)
        func enumerateEventHandlers(_:)
        func menuAttachmentPoint(for:)
        func performPrimaryAction()
        func removeAction(_:for:)
        func removeAction(identifiedBy:for:)
        func removeTarget(_:action:for:)
        func sendAction(_:)
        func sendAction(_:to:for:)
        func sendActions(for:)
        init(frame:)
        init(frame:primaryAction:)
        """)

    static let button = UIKitClass("UIButton", inherits: "UIControl", """
        var automaticallyUpdatesConfiguration
        var behavioralStyle
        var buttonType
        var changesSelectionAsPrimaryAction
        var configuration
        var configurationUpdateHandler
        var currentAttributedTitle
        var currentBackgroundImage
        var currentImage
        var currentPreferredSymbolConfiguration
        var currentTitle
        var currentTitleColor
        var currentTitleShadowColor
        var imageView
        var isHeld
        var isHovered
        var isPointerInteractionEnabled
        var isSpringLoaded
        var menu
        var pointerStyleProvider
        var preferredBehavioralStyle
        var preferredMenuElementOrder
        var role
        var subtitleLabel
        var titleLabel
        func attributedTitle(for:)
        func backgroundImage(for:)
        func image(for:)
        func preferredSymbolConfigurationForImage(in:)
        func setAttributedTitle(_:for:)
        func setBackgroundImage(_:for:)
        func setImage(_:for:)
        func setNeedsUpdateConfiguration()
        func setPreferredSymbolConfiguration(_:forImageIn:)
        func setTitle(_:for:)
        func setTitleColor(_:for:)
        func setTitleShadowColor(_:for:)
        func title(for:)
        func titleColor(for:)
        func titleShadowColor(for:)
        func updateConfiguration()
        init(configuration:primaryAction:)
        init(frame:)
        init(frame:primaryAction:)
        init(type:)
        init(type:primaryAction:)
        class func systemButton(with:target:action:)
        """)
}
