/// The More tab's list: a table of the controllers that did not fit (S34).
final class MoreListController: ViewController {
    /// Weak: a script may keep the list after Lua collects its tab bar controller; the
    /// list is then empty.
    weak var owner: TabBarController?

    init(tabBarController: TabBarController) {
        owner = tabBarController
        super.init(simulation: tabBarController.simulation, className: "MoreListController", name: "\(tabBarController.name).moreList")
        title = "More"
    }

    var overflow: [ViewController] {
        guard let t = owner else { return [] }
        return Array(t.viewControllers.dropFirst(t.maxTabs - 1))
    }

    /// The table's rows: the overflowing tabs. Weak: the table is this controller's view
    /// (a cycle otherwise), and a script may keep the table after the controller goes.
    private final class OverflowRows: TableViewDataSource {
        weak var list: MoreListController?
        init(list: MoreListController) { self.list = list }
        func numberOfRows(_ table: TableView) -> Int { list?.overflow.count ?? 0 }
        func title(_ table: TableView, row: Int) -> String {
            let vcs = list?.overflow ?? []
            return vcs.indices.contains(row) ? (vcs[row].tabBarItem.title ?? vcs[row].title ?? vcs[row].name) : ""
        }
    }

    override func loadView() {
        let table = TableView(simulation: simulation, name: "\(name).table", frame: simulation.screen.bounds)
        table.dataSource = OverflowRows(list: self)
        table.selectRow = { [weak self] row in
            let vcs = self?.overflow ?? []
            guard vcs.indices.contains(row) else { return }
            self?.owner?.showInMore(vcs[row], animated: true)
        }
        try? setView(table)
    }
}
