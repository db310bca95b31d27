-- expect: 1
-- message: module 'nowhere' not found
require('nowhere')
