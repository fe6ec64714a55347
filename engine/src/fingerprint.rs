//! A stable fingerprint of data (FNV-1a, the same on every machine and build): what a run's
//! rules or a leave table are, so a run is never resumed or merged with other data.

/// FNV-1a fed in parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fingerprint(u64);

impl Default for Fingerprint {
    fn default() -> Self {
        Fingerprint(0xcbf2_9ce4_8422_2325)
    }
}

impl Fingerprint {
    /// Adds `bytes`.
    pub fn add(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    /// The fingerprint of what was added.
    pub fn value(self) -> u64 {
        self.0
    }

    /// The fingerprint of `bytes` alone.
    pub fn of(bytes: &[u8]) -> u64 {
        let mut print = Fingerprint::default();
        print.add(bytes);
        print.value()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_fnv1a_and_adds_in_parts() {
        // FNV-1a's published values for "" and "a".
        assert_eq!(Fingerprint::of(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(Fingerprint::of(b"a"), 0xaf63_dc4c_8601_ec8c);
        let mut parts = Fingerprint::default();
        parts.add(b"own");
        parts.add(b"ly");
        assert_eq!(parts.value(), Fingerprint::of(b"ownly"));
    }
}
