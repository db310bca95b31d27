-- expect: 1
-- message: field 'dump'
string.dump(print)
