// The contrast arithmetic is TerminalUI's (the browser uses it too); the tests name it here.

import TerminalUI

public typealias ContrastMath = TerminalUI.ContrastMath
