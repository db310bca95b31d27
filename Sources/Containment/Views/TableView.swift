/// UITableViewDelegate, the part Nestbox models (a table view's `delegate` is its scroll
/// view's, as in UIKit).
public protocol TableViewDelegate: ScrollViewDelegate {
    /// `row` counts from 0 (the host shows it from 1).
    func didSelectRow(_ table: TableView, _ row: Int)
}

/// UITableViewDataSource, the part Nestbox models: one section of rows, each a title.
public protocol TableViewDataSource: AnyObject {
    func numberOfRows(_ table: TableView) -> Int
    /// `row` counts from 0 (the host shows it from 1).
    func title(_ table: TableView, row: Int) -> String
}

/// UITableView: rows from a data source, the visible ones as real cells (subviews),
/// reused as the table scrolls; a tap on a cell selects its row.
public final class TableView: ScrollView, TapHandling {
    public var rowHeight = 44.0 { didSet { reloadData() } }
    /// Strong, unlike UIKit's weak data source: what is set here is a bridge or a
    /// helper that holds the table weakly.
    public var dataSource: TableViewDataSource?
    /// Built-in selection behaviour (the More list); the host's delegate runs too.
    var selectRow: ((Int) -> Void)?
    var cells: [Int: TableViewCell] = [:]
    var reusable: [TableViewCell] = []
    public private(set) var numberOfRows = 0
    var hasLoaded = false
    /// Bumped by each reloadData, so a pass that the data source interrupted with a
    /// reload of its own stops instead of adding a second cell for its row.
    private var generation = 0
    /// Nestbox's bound on the cells one table shows: a tiny rowHeight would otherwise
    /// make every one of a huge number of rows visible, each a cell and a data source
    /// call. Rows below the first `maxVisibleCells` visible ones get no cell.
    public static let maxVisibleCells = 1_000

    public override class var actsOnCallbacks: Bool { true }

    /// UIKit loads a table's rows at its first layout; later layouts place cells.
    public override func handle(_ hook: Hook) {
        if case .layoutSubviews = hook {
            if hasLoaded { updateVisibleCells() } else { reloadData() }
        }
        super.handle(hook)
    }

    public override init(simulation: Simulation, className: String = "TableView", name: String? = nil, frame: Rect = .zero) {
        super.init(simulation: simulation, className: className, name: name, frame: frame)
        // Q63: a table bounces vertically however few its rows, as on an iPhone, so its
        // top and bottom take the safe area.
        alwaysBounceVertical = true
    }

    public func reloadData() {
        hasLoaded = true
        generation &+= 1
        numberOfRows = max(0, dataSource?.numberOfRows(self) ?? 0)
        contentSize = Size(width: bounds.size.width, height: Double(numberOfRows) * rowHeight)
        // Rows in order: a Dictionary's own order changes from run to run.
        for row in cells.keys.sorted() { if let c = cells[row] { c.detach(); reusable.append(c) } }
        cells = [:]
        updateVisibleCells()
    }

    /// Rows whose cells intersect the visible bounds, at most `maxVisibleCells`.
    public var visibleRows: Range<Int> {
        guard numberOfRows > 0, rowHeight > 0 else { return 0..<0 }
        let first = Int(clamping: bounds.origin.y / rowHeight, rounding: .down, to: 0...numberOfRows)
        let last = min(Int(clamping: (bounds.origin.y + bounds.size.height) / rowHeight, rounding: .up, to: 0...numberOfRows),
                       first + Self.maxVisibleCells)
        return first..<max(first, last)
    }

    /// Cells leave for the reuse pool when their row scrolls out, and come back for
    /// rows that scroll in (dequeueReusableCell).
    func updateVisibleCells() {
        let rows = visibleRows
        // A new width (a rotation, a resized menu) reaches the cells in place.
        for row in cells.keys.sorted() {
            guard let c = cells[row], c.frame.size.width != bounds.size.width else { continue }
            c.frame = Rect(x: 0, y: c.frame.origin.y, width: bounds.size.width, height: c.frame.size.height)
            c.layOutLabel()
        }
        for row in cells.keys.sorted() where !rows.contains(row) {
            guard let c = cells[row] else { continue }
            c.detach()
            cells[row] = nil
            reusable.append(c)
        }
        let pass = generation
        for row in rows where cells[row] == nil {
            if simulation.isInterrupted() { return }
            // Asked before a cell is taken: the data source may call reloadData, and
            // that reload has then filled every visible row itself.
            let title = dataSource?.title(self, row: row) ?? ""
            guard generation == pass, cells[row] == nil else { return }
            let c = reusable.popLast() ?? TableViewCell(table: self)
            c.row = row
            c.frame = Rect(x: 0, y: Double(row) * rowHeight, width: bounds.size.width, height: rowHeight)
            c.layOutLabel()
            c.textLabel.text = title
            attach(c, at: subviews.count)
            cells[row] = c
        }
    }

    public override var contentOffset: Point {
        get { super.contentOffset }
        set {
            super.contentOffset = newValue
            updateVisibleCells()
        }
    }

    public func cell(forRow row: Int) -> TableViewCell? { cells[row] }

    public func handleTap(at point: Point) -> Bool {
        guard rowHeight > 0 else { return false }
        let row = Int(clamping: point.y / rowHeight, rounding: .down, to: -1...numberOfRows)
        guard row >= 0, row < numberOfRows else { return false }
        simulation.trace.record(.delegate, self, "didSelectRow", "row", .number(Double(row + 1)))
        (delegate as? TableViewDelegate)?.didSelectRow(self, row)
        selectRow?(row)
        return true
    }
}

/// A table cell with its text label.
public final class TableViewCell: View, TapHandling {
    /// Weak: a script may keep a cell after Lua collects its table; a tap on it then
    /// selects nothing.
    weak var table: TableView?
    public internal(set) var row = 0
    public let textLabel: Label

    init(table: TableView) {
        self.table = table
        textLabel = Label(simulation: table.simulation, name: nil)
        super.init(simulation: table.simulation, className: "TableViewCell", name: nil)
        attach(textLabel, at: 0)
    }

    /// The label within the cell's margins (16 points each side, an iPhone's), as
    /// UIKit's default cell style lays out its textLabel.
    func layOutLabel() {
        textLabel.frame = Rect(x: 16, y: 0, width: max(0, frame.size.width - 32), height: frame.size.height)
    }

    public func handleTap(at point: Point) -> Bool {
        table?.handleTap(at: Point(x: point.x, y: point.y + frame.origin.y)) ?? false
    }
}
