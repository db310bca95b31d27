/// UIKit's public surface for the classes and protocols Nestbox binds: member names and
/// kinds, which are facts, kept so that every member is either modelled or refused
/// (docs/coverage.md). Each class's list is one string, a member per line:
///
///     var name                  an instance property
///     func name(label:_:)       an instance method, in Swift's selector form
///     class var name            a class (type) property
///     class func name(label:)   a class (type) method
///     init(label:)              an initializer
///
/// A member's Lua name is its Swift base name (`present(_:animated:completion:)` is
/// `present`); overloads share it. Deprecated members are left out, as are members of
/// superclasses (each class lists what it declares; `inherits` links the lists).
struct UIKitClass {
    let name: String
    /// The superclass whose list this one extends (nil for a root or a protocol).
    let inherits: String?
    let isProtocol: Bool
    let source: String

    init(_ name: String, inherits: String?, isProtocol: Bool = false, _ source: String) {
        self.name = name; self.inherits = inherits; self.isProtocol = isProtocol; self.source = source
    }
}

enum UIKitCatalogue {}

/// A class's name index (`UIKitClass.nameIndex`): entries, and slots of entry
/// positions by hash (-1 empty; at most half full, so every probe ends).
struct UIKitNameIndex {
    var entries: [UIKitNameEntry] = []
    var slots: [Int32] = []

    /// The entries whose hash is `hash`, in the order probed.
    func forEach(hash: UInt64, _ body: (UIKitNameEntry) -> Void) {
        guard !slots.isEmpty else { return }
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] >= 0 {
            let e = entries[Int(slots[slot])]
            if e.hash == hash { body(e) }
            slot = (slot + 1) & (slots.count - 1)
        }
    }
}

/// One member in a class's name index.
struct UIKitNameEntry {
    let hash: UInt64
    let name: Range<Int>
    let swiftName: Range<Int>

    /// FNV-1a over the name's bytes.
    static func hash<C: Collection>(_ bytes: C) -> UInt64 where C.Element == UInt8 {
        var h: UInt64 = 0xcbf29ce484222325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return h
    }
}

/// A member's kind, as a catalogue line starts.
enum UIKitMemberKind: String, CaseIterable {
    case property = "var", method = "func", classProperty = "class var", classMethod = "class func", initializer = "init"

    /// Members of an instance: the ones a script reads, sets or calls on an object.
    var isInstanceMember: Bool { self == .property || self == .method }
}

/// One line of a catalogue list.
struct UIKitMember {
    let kind: UIKitMemberKind
    /// Swift's spelling: `present(_:animated:completion:)`, `view`.
    let swiftName: Substring
    /// As docs/coverage.md shows it: class members with `class`.
    var displayName: String {
        kind == .classProperty || kind == .classMethod ? "class \(swiftName)" : String(swiftName)
    }
    /// The Lua name: the Swift base name (`present`); "init" for an initializer.
    var luaName: Substring {
        guard let paren = swiftName.firstIndex(of: "(") else { return swiftName }
        return swiftName[..<paren]
    }
    /// A member's argument labels, `_` left out: `init(rootViewController:)`'s is one.
    var labels: [Substring] {
        guard let paren = swiftName.firstIndex(of: "(") else { return [] }
        return swiftName[swiftName.index(after: paren)...].dropLast().split(separator: ":").filter { $0 != "_" }
    }
}

extension UIKitClass {
    /// The lines of `source` as members, in order; a malformed line is skipped here and
    /// named by `UIKitCatalogue.problems`.
    func forEachMember(_ body: (UIKitMember) -> Void) {
        for raw in source.split(separator: "\n") {
            if let m = UIKitClass.parse(raw) { body(m) }
        }
    }

    /// The instance members' Lua names and Swift names, as bytes of `source`: the
    /// runtime's path (`LuaRuntime.refusal`), taken at a type's first miss on a name, so no
    /// String or Character is made per line (a Character-wise parse of the catalogue was
    /// a third of an empty run's instructions). Lines are trusted here; `problems`
    /// checks them.
    func forEachInstanceName(_ body: (_ luaName: UnsafeBufferPointer<UInt8>, _ swiftName: UnsafeBufferPointer<UInt8>) -> Void) {
        forEachName(classMembers: false, body)
    }

    /// The same for the class members (`class var`, `class func`).
    func forEachClassMemberName(_ body: (_ luaName: UnsafeBufferPointer<UInt8>, _ swiftName: UnsafeBufferPointer<UInt8>) -> Void) {
        forEachName(classMembers: true, body)
    }

    private func forEachName(classMembers: Bool,
                             _ body: (_ luaName: UnsafeBufferPointer<UInt8>, _ swiftName: UnsafeBufferPointer<UInt8>) -> Void) {
        var text = source
        text.withUTF8 { all in
            Self.forEachName(in: all, classMembers: classMembers) { name, swiftName in
                body(UnsafeBufferPointer(rebasing: all[name]), UnsafeBufferPointer(rebasing: all[swiftName]))
            }
        }
    }

    /// The lines' names as ranges of `all` (the list's bytes).
    private static func forEachName(in all: UnsafeBufferPointer<UInt8>, classMembers: Bool,
                                    _ body: (_ luaName: Range<Int>, _ swiftName: Range<Int>) -> Void) {
        do {
            var i = 0
            let n = all.count
            func starts(_ at: Int, _ end: Int, _ word: StaticString) -> Bool {
                let count = word.utf8CodeUnitCount
                guard end - at > count else { return false }
                for k in 0..<count where all[at + k] != word.utf8Start[k] { return false }
                return true
            }
            while i < n {
                var end = i
                while end < n, all[end] != 10 { end += 1 }
                var start = i
                while start < end, all[start] == 32 { start += 1 }
                i = end + 1
                // "var name" or "func name(…)", after "class " for a class member.
                if classMembers {
                    guard starts(start, end, "class ") else { continue }
                    start += 6
                } else if starts(start, end, "class ") {
                    continue
                }
                let skip: Int
                if starts(start, end, "var ") {
                    skip = 4
                } else if starts(start, end, "func ") {
                    skip = 5
                } else {
                    continue
                }
                let nameStart = start + skip
                var nameEnd = nameStart
                while nameEnd < end, all[nameEnd] != 40 { nameEnd += 1 }
                body(nameStart..<nameEnd, nameStart..<end)
            }
        }
    }

    /// Every member's name, as an index: the entries (the Lua name's and the Swift
    /// name's byte ranges in `source`, the Lua name's hash) and an open-addressing table
    /// of them by hash. Made once per class that a run looks a name up in
    /// (`LuaRuntime.refusal`), so that a look-up is a probe or two, not a scan of the
    /// class's list; no sort (sorting the entries cost more than the rest of a look-up's
    /// first use).
    func nameIndex() -> UIKitNameIndex {
        var index = UIKitNameIndex()
        var text = source
        // Ranges of this one buffer: the look-up reads them from the same string's bytes.
        text.withUTF8 { all in
            for classMembers in [false, true] {
                Self.forEachName(in: all, classMembers: classMembers) { name, swiftName in
                    index.entries.append(UIKitNameEntry(hash: UIKitNameEntry.hash(all[name]), name: name, swiftName: swiftName))
                }
            }
        }
        var size = 16
        while size < 2 * index.entries.count { size *= 2 }
        index.slots = Array(repeating: -1, count: size)
        for (i, e) in index.entries.enumerated() {
            var slot = Int(truncatingIfNeeded: e.hash) & (size - 1)
            while index.slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            index.slots[slot] = Int32(i)
        }
        return index
    }

    var members: [UIKitMember] {
        var out: [UIKitMember] = []
        forEachMember { out.append($0) }
        return out
    }

    static func parse(_ raw: Substring) -> UIKitMember? {
        let line = raw.drop { $0 == " " }
        for kind in [UIKitMemberKind.classProperty, .classMethod, .property, .method] {
            let prefix = kind.rawValue + " "
            if line.hasPrefix(prefix) {
                let name = line.dropFirst(prefix.utf8.count)
                return isName(name, call: kind == .method || kind == .classMethod) ? UIKitMember(kind: kind, swiftName: name) : nil
            }
        }
        if line.hasPrefix("init(") { return UIKitMember(kind: .initializer, swiftName: line) }
        return nil
    }

    /// An identifier, followed for a function by `(label:…)`.
    private static func isName(_ s: Substring, call: Bool) -> Bool {
        let base = s.prefix { $0 != "(" }
        guard let first = base.first, first.isLetter || first == "_",
              base.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return false }
        return call ? (s.dropFirst(base.count).first == "(" && s.last == ")") : base.count == s.count
    }
}

extension UIKitCatalogue {
    /// Every list, in the order docs/coverage.md shows them: controllers, views, bars
    /// and items, gestures and traits, transitions. `UIKitCatalogue.problems` checks
    /// each is here once and each `inherits` names one of them.
    static let all: [UIKitClass] = [
        responder, viewController, navigationController, tabBarController, pageViewController, splitViewController,
        view, window, label, control, button, scrollView, tableView,
        tabBar, navigationBar, navigationItem, barItem, barButtonItem, tabBarItem,
        gestureRecognizer, tapGestureRecognizer, panGestureRecognizer, screenEdgePanGestureRecognizer, traitCollection,
        presentationController, sheetPresentationController, contextTransitioning, transitionCoordinatorContext, transitionCoordinator,
        animatedTransitioning, interactiveTransitioning, transitioningDelegate, percentDrivenInteractiveTransition,
        tableViewDelegate, tableViewDataSource, scrollViewDelegate, adaptivePresentationControllerDelegate, sheetPresentationControllerDelegate,
        navigationControllerDelegate, tabBarControllerDelegate,
        tabBarDelegate, pageViewControllerDelegate, pageViewControllerDataSource, splitViewControllerDelegate, toolbar,
    ]

    /// UIKit classes Nestbox binds no type for, by their name in `ui` (UIImageView is
    /// `ImageView`): reading one from `ui` is refused by name, where a nil would fail a
    /// line later as "attempt to call a nil value".
    static let unboundClasses: Set<String> = [
        "ActivityIndicatorView", "ActivityViewController", "AlertController", "Application", "CollectionView",
        "CollectionViewCell", "CollectionViewController", "ColorPickerViewController", "ContextMenuInteraction",
        "DatePicker", "DocumentPickerViewController", "FontPickerViewController", "HoverGestureRecognizer", "Image",
        "ImagePickerController", "ImageView", "InputViewController", "LongPressGestureRecognizer", "Menu",
        "NavigationBarAppearance", "PageControl", "PickerView", "PinchGestureRecognizer", "PopoverPresentationController",
        "ProgressView", "RefreshControl", "RotationGestureRecognizer", "SearchBar", "SearchController",
        "SegmentedControl", "Slider", "StackView", "Stepper", "SwipeGestureRecognizer",
        "Switch", "TabBarAppearance", "TableViewCell", "TableViewController", "TextField", "TextView",
        "ToolbarAppearance", "ViewPropertyAnimator", "VisualEffectView", "WindowScene",
        "BezierPath", "Color", "Control", "Device", "Event", "Font", "Responder",
    ]

    /// What a script uses in Nestbox where UIKit has one of those classes.
    static let unboundClassHints: [String: String] = [
        "Color": "a colour is a UIColor name or #RRGGBB[AA] string (Q30)",
        "Font": "a label's font is { size = …, weight = … }",
        "Control": "a Button is the control Nestbox models",
        "Responder": "touches reach views through ui.tap and ui.pan, and actions through a Button's or a recognizer's action",
        "Device": "the device is a preset: --device, ui.setDevice",
    ]

    /// UIKit members Nestbox models under another Lua spelling, by class and Swift name:
    /// class methods that are `ui` functions, and protocol methods whose table keys
    /// keep Objective-C's longer names (docs/api-conventions.md, Names).
    static let modelledAs: [(cls: String, member: String, as: String)] = [
        ("UIView", "animate(withDuration:animations:)", "ui.animate"),
        ("UIView", "animate(withDuration:animations:completion:)", "ui.animate"),
        ("UIView", "animate(withDuration:delay:options:animations:completion:)", "ui.animate"),
        ("UIView", "animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)", "ui.animate"),
        ("UIView", "transition(with:duration:options:animations:completion:)", "ui.transition"),
        ("UIView", "transition(from:to:duration:options:completion:)", "ui.transition"),
        ("UIView", "convert(_:from:)", "convertFrom"),
        ("UIToolbar", "items", "the top controller's toolbarItems (Q71)"),
        ("UIToolbar", "setItems(_:animated:)", "the top controller's setToolbarItems (Q71)"),
        ("UITabBarDelegate", "tabBar(_:didSelect:)", "didSelectItem"),
        ("UITabBarControllerDelegate", "tabBarController(_:animationControllerForTransitionFrom:to:)", "animationController"),
        ("UIWindow", "convert(_:from:)", "convertFrom"),
        ("UIViewControllerTransitioningDelegate", "animationController(forPresented:presenting:source:)", "animationControllerForPresented"),
        ("UIViewControllerTransitioningDelegate", "animationController(forDismissed:)", "animationControllerForDismissed"),
        ("UIViewController", "size(forChildContentContainer:withParentContainerSize:)", "the hook sizeForChildContentContainer"),
        ("UINavigationController", "init(rootViewController:)", "ui.NavigationController{ root = … }"),
        ("UIGestureRecognizer", "init(target:action:)", "the constructor's { action = function(recognizer) … end }"),
    ]

    /// The list named `name`.
    static func entry(_ name: String) -> UIKitClass? { all.first { $0.name == name } }

    /// What is wrong with the catalogue: a class listed twice, an `inherits` naming no
    /// list, a line that is not a member, a member listed twice in one class.
    static var problems: [String] {
        var out: [String] = []
        for (i, c) in all.enumerated() {
            if all[..<i].contains(where: { $0.name == c.name }) { out.append("\(c.name) is listed twice") }
            if let p = c.inherits, entry(p) == nil { out.append("\(c.name) inherits \(p), which has no list") }
            var seen: [Substring] = []
            for raw in c.source.split(separator: "\n") {
                guard let m = UIKitClass.parse(raw) else { out.append("\(c.name): not a member: \(raw)"); continue }
                let key = Substring(m.kind.rawValue + " " + m.swiftName)
                if seen.contains(key) { out.append("\(c.name): \(key) is listed twice") }
                seen.append(key)
            }
        }
        for (cls, member, _) in modelledAs {
            guard let c = entry(cls), c.members.contains(where: { $0.swiftName == member }) else {
                out.append("modelledAs names \(cls).\(member), which no list has"); continue
            }
        }
        return out
    }
}
