-- expect: 1
-- message: global 'package'
package.loadlib('libc.so.6', 'system')
