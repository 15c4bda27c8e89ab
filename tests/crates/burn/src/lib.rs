//! The `burn` facade: re-exports the stand-in autodiff under the paths Burn users write.

pub mod module;

pub mod tensor {
    pub use burn_autodiff::tensor::{Tensor, TensorData};

    pub mod backend {
        pub use burn_autodiff::backend::{AutodiffBackend, Backend};
    }
}

pub mod backend {
    pub use burn_autodiff::backend::{Autodiff, Flex, FlexDevice};
}

pub mod prelude {
    pub use crate::module::Param;
    pub use crate::tensor::backend::Backend;
    pub use crate::tensor::{Tensor, TensorData};
}
