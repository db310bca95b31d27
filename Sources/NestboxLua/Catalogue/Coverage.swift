/// docs/coverage.md, made from the catalogue and the binding registry (`CoverageTests`
/// keeps the file current): per UIKit class or protocol, the members Nestbox models out
/// of all its public ones, and the rest, which a script is refused.
package enum Coverage {
    /// One catalogue member and how Nestbox stands to it.
    struct Row {
        let member: UIKitMember
        /// nil when not modelled; "" when modelled under its own name; else the Lua name.
        let modelledAs: String?
    }

    /// Protocols a script implements as a table: the table's keys are what is modelled.
    static let scriptProtocols: [(uikit: String, table: LuaProtocol)] = [
        ("UIViewControllerAnimatedTransitioning", LuaAnimator.protocolDoc),
        ("UIViewControllerTransitioningDelegate", PresentationMethods.transitioning),
    ]

    /// Protocols a bound class implements for the script (no binding of its own).
    static let hostProtocols: [(uikit: String, binding: String)] = [
        ("UIViewControllerInteractiveTransitioning", "PercentDrivenInteractiveTransition"),
    ]

    /// The bindings answering for `cls`: those whose chain has it.
    static func bindings(for cls: UIKitClass) -> [Int] {
        if let host = hostProtocols.first(where: { $0.uikit == cls.name }) {
            return LuaTypes.all.indices.filter { LuaTypes.all[$0].name == host.binding }
        }
        return LuaTypes.all.indices.filter { i in UIKitSurface.chain(ofBinding: i).contains { $0.name == cls.name } }
    }

    static func rows(_ cls: UIKitClass) -> [Row] {
        let related = bindings(for: cls)
        let aliases = UIKitSurface.aliases(of: cls)
        let table = scriptProtocols.first { $0.uikit == cls.name }?.table ?? UIKitSurface.delegateProtocol(named: cls.name)?.protocol
        let prefix = UIKitSurface.delegatePrefix(of: cls)
        return cls.members.map { m in
            if let alias = aliases.first(where: { $0.swiftName == m.swiftName }) { return Row(member: m, modelledAs: alias.as) }
            let name = m.luaName
            switch m.kind {
            case .initializer:
                // The constructor stands for an initializer whose every label it takes
                // as a field; the others' labels are refused (UIKitSurface.initializerLabels).
                let makers = related.filter { LuaTypes.all[$0].make != nil }
                let taken = !makers.isEmpty && m.labels.allSatisfy { l in makers.allSatisfy { UIKitSurface.models(l, binding: $0) } }
                return Row(member: m, modelledAs: taken ? "" : nil)
            case .classProperty, .classMethod:
                return Row(member: m, modelledAs: nil)
            case .property, .method:
                if let table, let prefix {
                    let key = UIKitSurface.delegateKey(m, prefix: prefix)
                    return Row(member: m, modelledAs: table.methods.contains { $0.name == key } ? (key == name ? "" : key) : nil)
                }
                if let table { return Row(member: m, modelledAs: table.methods.contains { $0.name == name } ? "" : nil) }
                if cls.name == "UITraitCollection" {
                    return Row(member: m, modelledAs: UIKitSurface.traitNames.contains { $0 == name } ? "" : nil)
                }
                let modelled = !related.isEmpty && related.allSatisfy { UIKitSurface.models(name, binding: $0) }
                return Row(member: m, modelledAs: modelled ? "" : nil)
            }
        }
    }

    /// (modelled, total) over every list.
    package static var totals: (modelled: Int, total: Int) {
        UIKitCatalogue.all.reduce((0, 0)) { acc, c in
            let r = rows(c)
            return (acc.0 + r.filter { $0.modelledAs != nil }.count, acc.1 + r.count)
        }
    }

    /// The sentence the README's API section carries.
    package static var summary: String {
        let t = totals
        return "Nestbox models \(t.modelled) of the \(t.total) public members of the \(UIKitCatalogue.all.count) UIKit classes and protocols it binds"
    }

    package static func markdown() -> String {
        var out = """
        # UIKit coverage

        Generated from the catalogue of UIKit's public members (Sources/NestboxLua/Catalogue)
        and the binding registry; a test keeps it current. Do not edit.

        Every member listed here is either modelled or refused: reading, setting or calling
        one that is not modelled is an error at the script's line, naming it (`x.lua:4:
        UIViewController.definesPresentationContext is not modelled by Nestbox
        (docs/coverage.md)`), and so is a constructor key or a subclass method of that name;
        a class member is refused on the class (`ui.View.performWithoutAnimation`). A member
        modelled under another name says which (`UIView.animate is ui.animate in
        Nestbox`). Names that are no UIKit member stay free for a script's own fields. A
        class's constructor (`ui.View{ frame = … }`) stands for the initializers whose
        every label it takes as a field; a constructor key that is another initializer's
        label is refused, naming the initializer. A delegate's or data source's member
        is a key of the script's table, by its short name (`tableView(_:heightForRowAt:)` is
        `heightForRow`, docs/api-conventions.md): a table with the key of a member not
        modelled is refused where it is set. A member of
        a class several bound types share (UIResponder's, UIBarItem's) counts as modelled
        when every one of them models it. Deprecated members are not listed but are refused
        too, saying what replaced them (`UIViewController.automaticallyAdjustsScrollViewInsets
        is not modelled by Nestbox: deprecated in iOS 11.0; use
        UIScrollView.contentInsetAdjustmentBehavior`); members only tvOS, macOS, Mac
        Catalyst or visionOS have are not listed. UIScreen and UITouch
        are bound but not catalogued: their members are neither counted nor refused.

        \(summary).

        | Class or protocol | Modelled | Members |
        |---|---:|---:|

        """
        let all = UIKitCatalogue.all.map { ($0, rows($0)) }
        for (c, r) in all {
            out += "| [\(c.name)](#\(c.name.lowercased())) | \(r.filter { $0.modelledAs != nil }.count) | \(r.count) |\n"
        }
        for (c, r) in all {
            let modelled = r.filter { $0.modelledAs != nil }
            out += "\n## \(c.name)\n\n"
            out += c.isProtocol ? "A protocol" : "A class"
            out += c.inherits.map { ", with the members of \($0)" } ?? ""
            out += ": \(modelled.count) of \(r.count) modelled.\n\n"
            if !modelled.isEmpty {
                out += "Modelled: " + modelled.map { row in
                    let name = "`\(row.member.displayName)`"
                    return (row.modelledAs ?? "").isEmpty ? name : "\(name) (as `\(row.modelledAs!)`)"
                }.joined(separator: ", ") + ".\n\n"
            }
            let rest = r.filter { $0.modelledAs == nil }
            if !rest.isEmpty {
                out += "Not modelled: " + rest.map { "`\($0.member.displayName)`" }.joined(separator: ", ") + ".\n"
            }
        }
        return out
    }
}
