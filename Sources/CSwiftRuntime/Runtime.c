// The package manager builds a C target only from a source file; the target exists
// for its header (CSwiftRuntime.h), which declares one function of the Swift runtime.
#include "CSwiftRuntime.h"
