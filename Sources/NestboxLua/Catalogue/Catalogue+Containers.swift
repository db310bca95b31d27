// UIKit's public members of the container controllers, UIScrollView and UITableView:
// names and kinds only (docs/coverage.md). From Apple's documentation index and the iOS SDK's headers.
extension UIKitCatalogue {
    static let navigationController = UIKitClass("UINavigationController", inherits: "UIViewController", """
        var barHideOnSwipeGestureRecognizer
        var barHideOnTapGestureRecognizer
        var delegate
        var hidesBarsOnSwipe
        var hidesBarsOnTap
        var hidesBarsWhenKeyboardAppears
        var hidesBarsWhenVerticallyCompact
        var interactiveContentPopGestureRecognizer
        var interactivePopGestureRecognizer
        var isNavigationBarHidden
        var isToolbarHidden
        var navigationBar
        var toolbar
        var topViewController
        var viewControllers
        var visibleViewController
        func popToRootViewController(animated:)
        func popToViewController(_:animated:)
        func popViewController(animated:)
        func pushViewController(_:animated:)
        func setNavigationBarHidden(_:animated:)
        func setToolbarHidden(_:animated:)
        func setViewControllers(_:animated:)
        init(navigationBarClass:toolbarClass:)
        init(rootViewController:)
        class var hideShowBarDuration
        """)

    static let tabBarController = UIKitClass("UITabBarController", inherits: "UIViewController", """
        var bottomAccessory
        var compactTabIdentifiers
        var contentLayoutGuide
        var customizableViewControllers
        var customizationIdentifier
        var delegate
        var isTabBarHidden
        var mode
        var moreNavigationController
        var selectedIndex
        var selectedTab
        var selectedViewController
        var sidebar
        var tabBar
        var tabBarMinimizeBehavior
        var tabs
        var viewControllers
        func setBottomAccessory(_:animated:)
        func setTabBarHidden(_:animated:)
        func setTabs(_:animated:)
        func setViewControllers(_:animated:)
        func tab(forIdentifier:)
        init(tabs:)
        """)

    static let pageViewController = UIKitClass("UIPageViewController", inherits: "UIViewController", """
        var dataSource
        var delegate
        var gestureRecognizers
        var isDoubleSided
        var navigationOrientation
        var spineLocation
        var transitionStyle
        var viewControllers
        func setViewControllers(_:direction:animated:completion:)
        init(transitionStyle:navigationOrientation:options:)
        """)

    static let splitViewController = UIKitClass("UISplitViewController", inherits: "UIViewController", """
        var delegate
        var displayMode
        var displayModeButtonItem
        var displayModeButtonVisibility
        var isCollapsed
        var maximumInspectorColumnWidth
        var maximumPrimaryColumnWidth
        var maximumSupplementaryColumnWidth
        var minimumInspectorColumnWidth
        var minimumPrimaryColumnWidth
        var minimumSecondaryColumnWidth
        var minimumSupplementaryColumnWidth
        var preferredDisplayMode
        var preferredInspectorColumnWidth
        var preferredInspectorColumnWidthFraction
        var preferredPrimaryColumnWidth
        var preferredPrimaryColumnWidthFraction
        var preferredSecondaryColumnWidth
        var preferredSecondaryColumnWidthFraction
        var preferredSplitBehavior
        var preferredSupplementaryColumnWidth
        var preferredSupplementaryColumnWidthFraction
        var presentsWithGesture
        var primaryBackgroundStyle
        var primaryColumnWidth
        var primaryEdge
        var showsSecondaryOnlyButton
        var splitBehavior
        var style
        var supplementaryColumnWidth
        var viewControllers
        func hide(_:)
        func isShowing(_:)
        func setViewController(_:for:)
        func show(_:)
        func viewController(for:)
        init(style:)
        class var automaticDimension
        """)

    static let scrollView = UIKitClass("UIScrollView", inherits: "UIView", """
        var adjustedContentInset
        var allowsKeyboardScrolling
        var alwaysBounceHorizontal
        var alwaysBounceVertical
        var automaticallyAdjustsScrollIndicatorInsets
        var bottomEdgeEffect
        var bounces
        var bouncesHorizontally
        var bouncesVertically
        var bouncesZoom
        var canCancelContentTouches
        var contentAlignmentPoint
        var contentInset
        var contentInsetAdjustmentBehavior
        var contentLayoutGuide
        var contentOffset
        var contentSize
        var decelerationRate
        var delaysContentTouches
        var delegate
        var frameLayoutGuide
        var horizontalScrollIndicatorInsets
        var indexDisplayMode
        var indicatorStyle
        var isDecelerating
        var isDirectionalLockEnabled
        var isDragging
        var isPagingEnabled
        var isScrollAnimating
        var isScrollEnabled
        var isTracking
        var isZoomAnimating
        var isZoomBouncing
        var isZooming
        var keyboardDismissMode
        var leftEdgeEffect
        var maximumZoomScale
        var minimumZoomScale
        var panGestureRecognizer
        var pinchGestureRecognizer
        var refreshControl
        var rightEdgeEffect
        var scrollsToTop
        var showsHorizontalScrollIndicator
        var showsVerticalScrollIndicator
        var topEdgeEffect
        var transfersHorizontalScrollingToParent
        var transfersVerticalScrollingToParent
        var verticalScrollIndicatorInsets
        var zoomScale
        func adjustedContentInsetDidChange()
        func flashScrollIndicators()
        func scrollRectToVisible(_:animated:)
        func setContentOffset(_:animated:)
        func setZoomScale(_:animated:)
        func stopScrollingAndZooming()
        func touchesShouldBegin(_:with:in:)
        func touchesShouldCancel(in:)
        func withScrollIndicatorsShown(forContentOffsetChanges:)
        func zoom(to:animated:)
        """)

    static let tableView = UIKitClass("UITableView", inherits: "UIScrollView", """
        var allowsFocus
        var allowsFocusDuringEditing
        var allowsMultipleSelection
        var allowsMultipleSelectionDuringEditing
        var allowsSelection
        var allowsSelectionDuringEditing
        var appIntentsDataSource
        var backgroundView
        var cellLayoutMarginsFollowReadableWidth
        var contentHuggingElements
        var contextMenuInteraction
        var dataSource
        var delegate
        var dragDelegate
        var dragInteractionEnabled
        var dropDelegate
        var estimatedRowHeight
        var estimatedSectionFooterHeight
        var estimatedSectionHeaderHeight
        var fillerRowHeight
        var hasActiveDrag
        var hasActiveDrop
        var hasUncommittedUpdates
        var indexPathForSelectedRow
        var indexPathsForSelectedRows
        var indexPathsForVisibleRows
        var insetsContentViewsToSafeArea
        var isEditing
        var isPrefetchingEnabled
        var numberOfSections
        var prefetchDataSource
        var remembersLastFocusedIndexPath
        var rowHeight
        var sectionFooterHeight
        var sectionHeaderHeight
        var sectionHeaderTopPadding
        var sectionIndexBackgroundColor
        var sectionIndexColor
        var sectionIndexMinimumDisplayRowCount
        var sectionIndexTrackingBackgroundColor
        var selectionFollowsFocus
        var selfSizingInvalidation
        var separatorColor
        var separatorEffect
        var separatorInset
        var separatorInsetReference
        var separatorStyle
        var style
        var tableFooterView
        var tableHeaderView
        var visibleCells
        func beginUpdates()
        func cellForRow(at:)
        func deleteRows(at:with:)
        func deleteSections(_:with:)
        func dequeueReusableCell(withIdentifier:)
        func dequeueReusableCell(withIdentifier:for:)
        func dequeueReusableHeaderFooterView(withIdentifier:)
        func deselectRow(at:animated:)
        func endUpdates()
        func footerView(forSection:)
        func headerView(forSection:)
        func indexPath(for:)
        func indexPathForRow(at:)
        func indexPathsForRows(in:)
        func insertRows(at:with:)
        func insertSections(_:with:)
        func moveRow(at:to:)
        func moveSection(_:toSection:)
        func numberOfRows(inSection:)
        func performBatchUpdates(_:completion:)
        func reconfigureRows(at:)
        func rect(forSection:)
        func rectForFooter(inSection:)
        func rectForHeader(inSection:)
        func rectForRow(at:)
        func register(_:forCellReuseIdentifier:)
        func register(_:forHeaderFooterViewReuseIdentifier:)
        func reloadData()
        func reloadRows(at:with:)
        func reloadSectionIndexTitles()
        func reloadSections(_:with:)
        func scrollToNearestSelectedRow(at:animated:)
        func scrollToRow(at:at:animated:)
        func selectRow(at:animated:scrollPosition:)
        func setEditing(_:animated:)
        init(frame:style:)
        class var automaticDimension
        class var indexSearch
        class var selectionDidChangeNotification
        """)
}
