"""Burn 0.22's API as the interpreter's first dialect: no backend generic (`Tensor<2>`,
`Tensor<1, Int>`, `Linear`, `Device`), `use` trees (nested, `self`, globs, `as`), the device's
forms and `device.seed(n)`, turbofish element types, `valid()` and `Param<Tensor<D>>`.

Every expected output is worked out by hand or is what real Burn printed for the programs of
tests/burn022/ (the device lines of `41_display`, the seeded `Linear` of `33_linear_init_seed7`,
the dims of a `Linear`'s weight); none is pbpit's own output copied back."""

from __future__ import annotations

import textwrap
from pathlib import Path

from pbpit_process import pbpit_run

PLAIN = "Device<Flex(Cpu)>"
AUTODIFF = "Device<Autodiff { device: Flex(Cpu), checkpointing: Disabled }>"


def run(tmp_path: Path, source: str) -> tuple[int, str, str]:
    """`pbpit run --raw` of `source` (dedented): exit status, stdout, stderr."""
    path = tmp_path / "main.rs"
    path.write_text(textwrap.dedent(source).lstrip("\n"), encoding="utf-8")
    return pbpit_run(path)


def stdout_of(tmp_path: Path, source: str) -> str:
    status, out, err = run(tmp_path, source)
    assert status == 0, err
    return out


def refused(tmp_path: Path, source: str) -> str:
    """The one line pbpit prints when it will not run `source` (rustc's error, or a construct
    outside the subset); nothing runs."""
    status, out, err = run(tmp_path, source)
    assert status != 0 and out == "", (status, out, err)
    assert "Traceback" not in err
    return err


def device_lines(out: str) -> list[str]:
    return [line.strip() for line in out.splitlines() if line.strip().startswith("device:")]


# -- `use` trees ----------------------------------------------------------------------------------


def test_a_nested_use_with_self_a_glob_and_as_runs(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        #![allow(deprecated)]
        use burn::{
            nn::loss::{MseLoss as Mse, Reduction},
            prelude::*,
            tensor::activation::{self, relu as rectify},
        };

        fn main() {
            let device = Device::flex().autodiff();
            let x = Tensor::<1>::from_floats([-1.0, 2.0], &device);
            println!("{:?}", rectify(x.clone()).into_data().to_vec::<f32>().unwrap());
            println!("{:?}", activation::relu(x.clone()).into_data().to_vec::<f32>().unwrap());
            let zeros = Tensor::<1>::from_floats([0.0, 0.0], &device);
            let loss = Mse::new().forward(x, zeros, Reduction::Sum);
            println!("{}", loss.into_scalar::<f32>());
        }
        """,
    )
    # relu(-1) = 0, relu(2) = 2; (-1)^2 + 2^2 = 5
    assert out == "[0.0, 2.0]\n[0.0, 2.0]\n5\n"


def test_use_trees_into_the_files_own_modules(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        mod maths {
            pub mod scale {
                pub fn double(x: f32) -> f32 {
                    x * 2.0
                }
                pub fn triple(x: f32) -> f32 {
                    x * 3.0
                }
            }
        }

        use crate::maths::{scale::{self, double as twice}};
        use maths::scale::*;

        fn main() {
            println!("{} {} {}", twice(1.5), scale::triple(2.0), triple(1.0));
        }
        """,
    )
    assert out == "3 6 3\n"


def test_as_renames_burns_types_and_the_files_structs(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        use burn::{
            nn::{Linear as Dense, LinearConfig as DenseConfig},
            prelude::{Tensor as T, *},
        };

        mod shapes {
            #[derive(Debug, Clone)]
            pub struct Point {
                pub x: f32,
            }

            impl Point {
                pub fn new(x: f32) -> Self {
                    Point { x }
                }
            }
        }

        use shapes::Point as P;

        #[derive(Module, Debug)]
        struct Net {
            layer: Dense,
        }

        fn main() {
            let device = Device::flex().autodiff();
            let net = Net { layer: DenseConfig::new(2, 3).init(&device) };
            let y: T<2> = net.layer.forward(T::<2>::zeros([4, 2], &device));
            let (p, q) = (P::new(1.5), P { x: 2.0 });
            println!("{:?} {} {:?}", y.dims(), p.x + q.x, q);
        }
        """,
    )
    assert out == "[4, 3] 3.5 Point { x: 2.0 }\n"


def test_a_use_inside_a_function_body(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        mod maths {
            pub fn half(x: f32) -> f32 {
                x / 2.0
            }
        }

        fn main() {
            use burn::{prelude::*, tensor::activation::relu};
            use crate::maths::half as halve;
            let x = Tensor::<1>::from_floats([-1.0, 3.0], &Device::default());
            println!("{:?} {}", relu(x).into_data().to_vec::<f32>().unwrap(), halve(3.0));
        }
        """,
    )
    assert out == "[0.0, 3.0] 1.5\n"


def test_a_missing_name_in_a_use_tree_is_rustcs_unresolved_import(tmp_path):
    err = refused(
        tmp_path,
        """
        mod m {
            pub fn f() {}
        }

        use crate::m::{f, g};

        fn main() {
            f();
        }
        """,
    )
    assert "E0432" in err and "unresolved import `crate::m::g`" in err


def test_self_outside_braces_is_refused_as_rustc_does(tmp_path):
    err = refused(
        tmp_path,
        """
        mod m {
            pub fn f() {}
        }

        use crate::m::self;

        fn main() {}
        """,
    )
    assert "1 error rustc reports" in err or "E0429" in err


def test_an_alias_taking_an_items_name_is_rustcs_e0255(tmp_path):
    err = refused(
        tmp_path,
        """
        mod m {
            pub fn f() {}
        }

        use crate::m::f as g;

        fn g() {}

        fn main() {
            g();
        }
        """,
    )
    assert "E0255" in err


# -- devices ---------------------------------------------------------------------------------------


def test_each_form_of_the_device_prints_burns_device_line(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        use burn::prelude::*;

        fn ones(device: &Device) -> Tensor<1> {
            Tensor::<1>::ones([1], device)
        }

        fn main() {
            let device: Device = Default::default();
            println!("{}", ones(&Device::flex()));
            println!("{}", ones(&Device::default()));
            println!("{}", ones(&device));
            println!("{}", ones(&Device::flex().autodiff()));
            println!("{}", ones(&device.autodiff()));
        }
        """,
    )
    # 41_display: `Device::default()` is Flex's plain device; `.autodiff()` the autodiff one.
    assert device_lines(out) == [f"device:  {d}," for d in [PLAIN] * 3 + [AUTODIFF] * 2]


def test_a_backend_named_in_a_comment_or_a_string_is_not_the_programs(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        //! Backend: none here (Autodiff is `.autodiff()` in Burn 0.22).
        use burn::prelude::*;

        fn main() {
            let note = "type B = Autodiff<NdArray>;";
            println!("{} {}", Tensor::<1>::ones([1], &Device::default()), note.len());
        }
        """,
    )
    assert device_lines(out) == [f"device:  {PLAIN},"]


def test_a_plain_devices_tensors_take_no_node_ids(tmp_path):
    # Ids count only on the autodiff device: x is NodeId(0), exp 1, sum 2.
    status, out, err = run(
        tmp_path,
        """
        use burn::prelude::*;

        fn main() {
            let plain = Device::default();
            let device = plain.autodiff();
            let _c = Tensor::<1>::from_floats([1.0], &plain).exp();
            let x = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
            let y = x.exp().sum();
            y.backward();
            y.backward();
        }
        """,
    )
    assert status == 101 and "consumed at NodeId(2)." in err


def test_device_seed_draws_burns_values(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        #![allow(deprecated)]
        use burn::{nn::LinearConfig, prelude::*};

        fn main() {
            let device = Device::flex().autodiff();
            device.seed(7);
            let linear = LinearConfig::new(3, 2).init(&device);
            println!("{:?}", linear.weight.val().into_data().to_vec::<f32>().unwrap());
        }
        """,
    )
    # real Burn, 33_linear_init_seed7
    assert out == ("[-0.096254826, -0.54234284, -0.412744, -0.22275764, -0.50723, -0.4126413]\n")


def test_device_seed_restarts_the_stream(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        use burn::prelude::*;
        use burn::tensor::Distribution;

        fn main() {
            let device = Device::flex();
            device.seed(3);
            let a = Tensor::<1>::random([4], Distribution::Default, &device);
            let b = Tensor::<1>::random([4], Distribution::Default, &device);
            device.seed(3);
            let c = Tensor::<1>::random([4], Distribution::Default, &device);
            let a: Vec<f32> = a.into_data().to_vec().unwrap();
            let b: Vec<f32> = b.into_data().to_vec().unwrap();
            let c: Vec<f32> = c.into_data().to_vec().unwrap();
            println!("{} {}", a == c, a == b);
        }
        """,
    )
    assert out == "true false\n"


def test_device_seed_takes_a_u64(tmp_path):
    err = refused(
        tmp_path,
        """
        use burn::prelude::*;

        fn main() {
            let device = Device::flex();
            device.seed(-1);
        }
        """,
    )
    assert "u64" in err


# -- Int and Bool tensors, turbofish ---------------------------------------------------------------


def test_int_and_bool_tensors_of_rank_and_kind(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        use burn::prelude::*;

        fn main() {
            let device = Device::default();
            let i = Tensor::<1, Int>::from_ints([3, -1, 7], &device);
            let m: Tensor<2, Int> = Tensor::<2, Int>::from_ints([[1, 2], [3, 4]], &device);
            let b: Tensor<2, Bool> = m.clone().greater_elem(2);
            println!("{:?}", i.clone().into_data().to_vec::<i32>().unwrap());
            println!("{}", i.sum().into_scalar::<i64>());
            println!("{:?}", b.into_data().to_vec::<bool>().unwrap());
            println!("{:?}", m.dims());
        }
        """,
    )
    assert out == "[3, -1, 7]\n9\n[false, false, true, true]\n[2, 2]\n"


def test_a_bool_tensor_from_bool_arrays_masks(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        use burn::prelude::*;

        fn main() {
            let device = Device::default();
            let x = Tensor::<2>::from_data([[1.0, 2.0], [3.0, 4.0]], &device);
            let m = Tensor::<2, Bool>::from_data([[true, false], [false, true]], &device);
            println!("{}", m.clone().any().into_scalar());
            println!("{:?}", x.mask_fill(m, 0.0).into_data().to_vec::<f32>().unwrap());
        }
        """,
    )
    assert out == "true\n[0.0, 2.0, 3.0, 0.0]\n"


def test_turbofish_element_types_convert_as_burn_does(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        use burn::prelude::*;

        fn main() {
            let device = Device::flex().autodiff();
            let x = Tensor::<1>::from_floats([0.1, 0.2], &device);
            let s: f32 = x.clone().sum().into_scalar::<f32>();
            let wide: f64 = x.clone().sum().into_scalar::<f64>();
            let whole = Tensor::<1, Int>::from_ints([2, 5], &device).sum().into_scalar::<i64>();
            let cube = x.unsqueeze::<3>();
            println!("{s} {wide} {whole} {:?}", cube.dims());
        }
        """,
    )
    # 0.1f32 + 0.2f32 = 0.3 (f32 Display: 0.3; shortest digits of 0.30000001192092896 as f64)
    assert out == "0.3 0.30000001192092896 7 [1, 1, 2]\n"


def test_an_int_tensors_data_is_i32_on_flex(tmp_path):
    err = refused(
        tmp_path,
        """
        use burn::prelude::*;

        fn main() {
            let device = Device::default();
            let i = Tensor::<1, Int>::from_ints([1], &device);
            println!("{:?}", i.into_data().to_vec::<i64>().unwrap());
        }
        """,
    )
    assert "i32" in err


def test_a_tensor_kind_burn_has_not_is_refused(tmp_path):
    err = refused(
        tmp_path,
        """
        use burn::prelude::*;

        fn main() {
            let device = Device::default();
            let t: Tensor<1, Complex> = Tensor::from_floats([1.0], &device);
        }
        """,
    )
    assert "Complex" in err


def test_a_const_generic_rank_without_backend(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        use burn::prelude::*;

        fn total<const D: usize>(x: Tensor<D>) -> f32 {
            x.sum().into_scalar::<f32>()
        }

        fn main() {
            let device = Device::default();
            let a = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 4.0]], &device);
            let b = Tensor::<1>::from_floats([0.5], &device);
            println!("{} {}", total(a), total(b));
        }
        """,
    )
    assert out == "10 0.5\n"


# -- modules without generics: Param<Tensor<D>>, Linear, Config::init, valid() ------------------


def test_a_module_of_params_without_a_backend(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        use burn::module::Param;
        use burn::prelude::*;

        #[derive(Module, Debug)]
        struct Affine {
            w: Param<Tensor<1>>,
            b: Param<Tensor<1>>,
        }

        impl Affine {
            fn forward(&self, x: Tensor<1>) -> Tensor<1> {
                x * self.w.val() + self.b.val()
            }
        }

        fn main() {
            let device = Device::flex().autodiff();
            let model = Affine {
                w: Param::from_tensor(Tensor::from_floats([2.0, 3.0], &device)),
                b: Param::from_tensor(Tensor::from_floats([0.5, -0.5], &device)),
            };
            let x = Tensor::<1>::from_floats([1.0, 2.0], &device);
            let y = model.forward(x).sum();
            println!("{}", y.clone().into_scalar::<f32>());
            let grads = y.backward();
            let w = model.w.val().grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap());
            let b = model.b.val().grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap());
            println!("{:?} {:?}", w, b);
        }
        """,
    )
    # y = (2*1 + 0.5) + (3*2 - 0.5) = 8; dy/dw = x, dy/db = 1
    assert out == "8\nSome([1.0, 2.0]) Some([1.0, 1.0])\n"


def test_a_config_inits_a_model_of_linears_on_a_device(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        use burn::{
            nn::{Linear, LinearConfig, Relu},
            prelude::*,
        };

        #[derive(Module, Debug)]
        pub struct Model {
            linear1: Linear,
            linear2: Linear,
            activation: Relu,
        }

        #[derive(Config, Debug)]
        pub struct ModelConfig {
            input: usize,
            #[config(default = 8)]
            hidden: usize,
        }

        impl ModelConfig {
            pub fn init(&self, device: &Device) -> Model {
                Model {
                    linear1: LinearConfig::new(self.input, self.hidden).init(device),
                    linear2: LinearConfig::new(self.hidden, 1).with_bias(false).init(device),
                    activation: Relu::new(),
                }
            }
        }

        impl Model {
            pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
                let x = self.linear1.forward(x);
                self.linear2.forward(self.activation.forward(x))
            }
        }

        fn main() {
            let device = Device::flex().autodiff();
            let model = ModelConfig::new(3).init(&device);
            let x = Tensor::<2>::zeros([4, 3], &device);
            println!("{:?}", model.linear1.weight.val().dims());
            println!("{:?}", model.forward(x).dims());
            println!("{}", model.linear2.bias.is_none());
        }
        """,
    )
    # Burn's Linear weight is [d_input, d_output] (33_linear_init_seed7: [3, 2] for (3, 2))
    assert out == "[3, 8]\n[4, 1]\ntrue\n"


def test_valid_gives_the_inner_module_and_inner_gives_the_plain_tensor(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        #![allow(deprecated)]
        use burn::{
            module::AutodiffModule,
            nn::{Dropout, DropoutConfig},
            prelude::*,
        };

        #[derive(Module, Debug)]
        struct Model {
            dropout: Dropout,
        }

        fn main() {
            let device = Device::flex().autodiff();
            device.seed(42);
            let model = Model { dropout: DropoutConfig::new(0.5).init() };
            let x = Tensor::<1>::from_floats([1.0, 2.0, 3.0, 4.0], &device).require_grad();
            let model_valid = model.valid();
            let out = model_valid.dropout.forward(x.inner());
            println!("{:?}", out.clone().into_data().to_vec::<f32>().unwrap());
            println!("{}", out);
        }
        """,
    )
    # 35_dropout: after valid() Dropout is the identity; the inner tensor is on Flex alone.
    assert out.startswith("[1.0, 2.0, 3.0, 4.0]\n")
    assert device_lines(out) == [f"device:  {PLAIN},"]


def test_valid_needs_autodiff_module_in_scope_as_rustc_does(tmp_path):
    # tests/burn022/README.md: `model.valid()` needs `use burn::module::AutodiffModule;`.
    program = """
        use burn::{
            nn::{Dropout, DropoutConfig},
            prelude::*,
        };

        #[derive(Module, Debug)]
        struct Model {
            dropout: Dropout,
        }

        fn main() {
            let model = Model { dropout: DropoutConfig::new(0.5).init() };
            let _valid = model.valid();
        }
        """
    err = refused(tmp_path, program)
    assert "E0599" in err and "no method named `valid` found for struct `Model`" in err
    imported = program.replace("prelude::*,", "prelude::*, module::AutodiffModule as _,")
    assert stdout_of(tmp_path, imported) == ""


def test_cross_entropy_loss_new_takes_a_pad_index_and_a_device(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        use burn::{nn::loss::CrossEntropyLoss, prelude::*};

        fn main() {
            let device = Device::flex().autodiff();
            let logits = Tensor::<2>::from_floats([[0.0, 0.0], [1.0, 1.0]], &device);
            let targets = Tensor::<1, Int>::from_ints([0, 1], &device);
            let loss = CrossEntropyLoss::new(None, &device).forward(logits, targets);
            println!("{}", loss.into_scalar::<f32>());
        }
        """,
    )
    # equal logits: each row's loss is ln 2 (f32: 0.6931472)
    assert out == "0.6931472\n"


def test_tensor_full_is_a_leaf_of_one_id_holding_its_value_as_f32(tmp_path):
    # Burn: `full` fills with `fill_value.elem()` (0.1 rounded to f32, printed `0.1` by Rust's
    # shortest round trip); on an autodiff device a creation takes one id (README of the
    # measured programs), so the cached `exp` is NodeId(1) and the loop's 2nd backward panics
    # there; an intermediate's gradient is None.
    source = """
        use burn::prelude::*;

        fn main() {
            let device = Device::default().autodiff();
            let x = Tensor::<1>::full([2], 0.1, &device).require_grad();
            println!("{:?}", x.clone().into_data().to_vec::<f32>().unwrap());
            let cached = x.clone().exp();
            for _ in 0..2 {
                let loss = (cached.clone() * 2.0).sum();
                let grads = loss.backward();
                println!("{:?}", cached.grad(&grads).is_none());
            }
        }
    """
    status, out, err = run(tmp_path, source)
    assert status == 101
    assert out == "[0.1, 0.1]\ntrue\n"
    assert "consumed at NodeId(1)." in err
