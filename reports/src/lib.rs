//! Balance reports and strategy guides.
