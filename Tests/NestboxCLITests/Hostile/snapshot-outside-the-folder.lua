-- expect: 1
-- message: snapshot-outside-the-folder.lua:5: bad argument #1 to 'snapshot' (path must be a relative path ending in .svg or .png, without '..' (got 'pictures/../../x.png'))
-- A script writes pictures below the current directory only (Q32): no '..', no
-- absolute path, only .svg and .png names.
ui.snapshot{ path = "pictures/../../x.png" }
