//! Knitted forms (MCR): 全不靠 / 七星不靠 and 组合龙.
