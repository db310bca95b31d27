/// UIKit's deprecated members of the classes Nestbox binds (iOS 17 and 18 SDK headers; a
/// member deprecated in iOS 7 or before is also unavailable in Swift): left out of the
/// catalogue's counts (docs/coverage.md), but refused as the others are, where an iOS
/// developer who learned them types them (`automaticallyAdjustsScrollViewInsets`,
/// `function VC:viewDidUnload()`), with what replaced each. A switch, not a dictionary:
/// no metadata is built for it at its first read (UIKitSurface.initializerLabels).
extension UIKitCatalogue {
    /// Why `cls`'s instance member `name` is refused, if it is a deprecated one.
    static func deprecation(_ cls: String, _ name: String) -> String? {
        switch (cls, name) {
        case ("UIViewController", "automaticallyForwardAppearanceAndRotationMethodsToChildViewControllers"): "deprecated in iOS 6.0, unavailable in Swift; use shouldAutomaticallyForwardAppearanceMethods"
        case ("UIViewController", "canPerformUnwindSegueAction"): "deprecated in iOS 13.0; use canPerformUnwindSegueAction(_:from:sender:)"
        case ("UIViewController", "didAnimateFirstHalfOfRotation"): "deprecated in iOS 5.0, unavailable in Swift"
        case ("UIViewController", "didRotate"): "deprecated in iOS 8.0; implement viewWillTransition(to:with:)"
        case ("UIViewController", "dismissModalViewController"): "deprecated in iOS 6.0; use dismiss(animated:completion:), unavailable in Swift"
        case ("UIViewController", "forUnwindSegueAction"): "deprecated in iOS 9.0; use allowedChildrenForUnwinding(from:)"
        case ("UIViewController", "overrideTraitCollection"): "deprecated in iOS 17.0; its replacement, the child's traitOverrides property, is not modelled either"
        case ("UIViewController", "presentModalViewController"): "deprecated in iOS 6.0; use present(_:animated:completion:), unavailable in Swift"
        case ("UIViewController", "registerForPreviewing"): "deprecated in iOS 13.0; use UIContextMenuInteraction"
        case ("UIViewController", "rotatingFooterView"): "deprecated in iOS 8.0; footer views are animated along with the rest of the view hierarchy"
        case ("UIViewController", "rotatingHeaderView"): "deprecated in iOS 8.0; header views are animated along with the rest of the view hierarchy"
        case ("UIViewController", "segueForUnwinding"): "deprecated in iOS 9.0; use unwind(for:towards:)"
        case ("UIViewController", "setOverrideTraitCollection"): "deprecated in iOS 17.0; its replacement, the child's traitOverrides property, is not modelled either"
        case ("UIViewController", "shouldAutomaticallyForwardRotationMethods"): "deprecated in iOS 8.0; manually forward viewWillTransition(to:with:)"
        case ("UIViewController", "unregisterForPreviewing"): "deprecated in iOS 13.0; use UIContextMenuInteraction"
        case ("UIViewController", "viewDidUnload"): "deprecated in iOS 6.0, unavailable in Swift"
        case ("UIViewController", "viewWillUnload"): "deprecated in iOS 6.0, unavailable in Swift"
        case ("UIViewController", "willAnimateFirstHalfOfRotation"): "deprecated in iOS 5.0, unavailable in Swift"
        case ("UIViewController", "willAnimateRotation"): "deprecated in iOS 8.0; implement viewWillTransition(to:with:)"
        case ("UIViewController", "willAnimateSecondHalfOfRotation"): "deprecated in iOS 5.0, unavailable in Swift"
        case ("UIViewController", "willRotate"): "deprecated in iOS 8.0; implement viewWillTransition(to:with:)"
        case ("UIViewController", "automaticallyAdjustsScrollViewInsets"): "deprecated in iOS 11.0; use UIScrollView.contentInsetAdjustmentBehavior"
        case ("UIViewController", "bottomLayoutGuide"): "deprecated in iOS 11.0; use view.safeAreaLayoutGuide.bottomAnchor"
        case ("UIViewController", "contentSizeForViewInPopover"): "deprecated in iOS 7.0; use preferredContentSize, unavailable in Swift"
        case ("UIViewController", "interfaceOrientation"): "deprecated in iOS 8.0; no replacement named"
        case ("UIViewController", "isModalInPopover"): "deprecated in iOS 13.0; use isModalInPresentation"
        case ("UIViewController", "modalViewController"): "deprecated in iOS 6.0; use presentedViewController, unavailable in Swift"
        case ("UIViewController", "previewActionItems"): "deprecated in iOS 13.0; use UIContextMenuInteraction"
        case ("UIViewController", "searchDisplayController"): "deprecated in iOS 8.0; UISearchController replaces it"
        case ("UIViewController", "topLayoutGuide"): "deprecated in iOS 11.0; use view.safeAreaLayoutGuide.topAnchor"
        case ("UIViewController", "wantsFullScreenLayout"): "deprecated in iOS 7.0; use edgesForExtendedLayout / extendedLayoutIncludesOpaqueBars, unavailable in Swift"
        case ("UIViewController", "preferredFocusedView"): "deprecated in iOS 10.0; use preferredFocusEnvironments"
        case ("UIViewController", "shouldAutorotate"): "deprecated in iOS 16.0; update supportedInterfaceOrientations and call setNeedsUpdateOfSupportedInterfaceOrientations()"
        case ("UIView", "forBaselineLayout"): "deprecated in iOS 9.0; override forFirstBaselineLayout or forLastBaselineLayout instead"
        case ("UIView", "contentStretch"): "deprecated in iOS 6.0; use UIImage.resizableImage(withCapInsets:), unavailable in Swift"
        case ("UIView", "traitCollectionDidChange"): "deprecated in iOS 17.0; use registerForTraitChanges"
        case ("UIView", "preferredFocusedView"): "deprecated in iOS 10.0; use preferredFocusEnvironments"
        case ("UILabel", "adjustsLetterSpacingToFitWidth"): "deprecated in iOS 7.0; non-functional: use NSKernAttributeName or allowsDefaultTighteningForTruncation, unavailable in Swift"
        case ("UILabel", "minimumFontSize"): "deprecated in iOS 6.0; use minimumScaleFactor, unavailable in Swift"
        case ("UIButton", "backgroundRect"): "deprecated in iOS 15.0; override layoutSubviews, call super, and position views as you desire"
        case ("UIButton", "contentRect"): "deprecated in iOS 15.0; override layoutSubviews, call super, and position views as you desire"
        case ("UIButton", "imageRect"): "deprecated in iOS 15.0; override layoutSubviews, call super, and position views as you desire"
        case ("UIButton", "titleRect"): "deprecated in iOS 15.0; override layoutSubviews, call super, and position views as you desire"
        case ("UIButton", "adjustsImageWhenDisabled"): "deprecated in iOS 15.0; ignored with UIButton.Configuration: customize via configurationUpdateHandler"
        case ("UIButton", "adjustsImageWhenHighlighted"): "deprecated in iOS 15.0; ignored with UIButton.Configuration: customize via configurationUpdateHandler"
        case ("UIButton", "contentEdgeInsets"): "deprecated in iOS 15.0; UIButton.Configuration.contentInsets replaces it"
        case ("UIButton", "font"): "deprecated in iOS 3.0; specify an attributed title with a custom font, unavailable in Swift"
        case ("UIButton", "imageEdgeInsets"): "deprecated in iOS 15.0; UIButton.Configuration.contentInsets and imagePadding replace it"
        case ("UIButton", "lineBreakMode"): "deprecated in iOS 3.0; specify an attributed title with a customized paragraph style, unavailable in Swift"
        case ("UIButton", "reversesTitleShadowWhenHighlighted"): "deprecated in iOS 15.0; ignored with UIButton.Configuration: customize via configurationUpdateHandler"
        case ("UIButton", "showsTouchWhenHighlighted"): "deprecated in iOS 15.0; ignored with UIButton.Configuration; no replacement"
        case ("UIButton", "titleEdgeInsets"): "deprecated in iOS 15.0; UIButton.Configuration.contentInsets and imagePadding replace it"
        case ("UIButton", "titleShadowOffset"): "deprecated in iOS 3.0; specify an attributed title with a customized shadow style, unavailable in Swift"
        case ("UIScrollView", "scrollIndicatorInsets"): "its getter deprecated in iOS 13.0; use verticalScrollIndicatorInsets and horizontalScrollIndicatorInsets"
        case ("UITabBar", "selectedImageTintColor"): "deprecated in iOS 8.0; use tintColor"
        case ("UITabBarItem", "finishedSelectedImage"): "deprecated in iOS 7.0, unavailable in Swift"
        case ("UITabBarItem", "finishedUnselectedImage"): "deprecated in iOS 7.0, unavailable in Swift"
        case ("UITabBarItem", "setFinishedSelectedImage"): "deprecated in iOS 7.0; use init(title:image:selectedImage:) or image/selectedImage with .alwaysOriginal rendering, unavailable in Swift"
        case ("UITraitCollection", "containsTraits"): "deprecated in iOS 17.0; compare values for specific traits in the trait collections instead"
        case ("UIPresentationController", "overrideTraitCollection"): "deprecated in iOS 17.0; its replacement, the traitOverrides property, is not modelled either"
        default: nil
        }
    }
}
