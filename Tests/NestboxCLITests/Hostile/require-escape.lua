-- expect: 1
-- message: is not a dotted list of plain names
require('../../etc/passwd')
