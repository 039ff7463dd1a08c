//! PBN and LIN readers and writers (being written).
