"""Burn 0.22's own forms of the trainer idioms, run as written: the optimizer as a
`ModuleOptimizer` (burn-optim `module_optimizer.rs`: `AdamConfig::init(&self) ->
ModuleOptimizer`, `step<M: AutodiffModule>(&mut self, lr, module: M, grads) -> M`) passed
`&mut` to a helper that steps or held in a struct; `Device::ndarray()` (burn-tensor
`device.rs`, deprecated) and the device line a tensor prints; std's `Result` adapters on
`to_vec`'s `Result<Vec<E>, DataError>`; a generic `fn f<T>` with no bound as a type parameter.

The expected outputs are real Burn's (tests/burn022 `30_mlp_adam.stdout`, `41_display`'s
device lines: the same program with its steps moved into a helper must print the same), rustc's
(the std-only programs, recorded from rustc 1.95) or worked out by hand."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from pbpit_process import pbpit_run

BURN = Path(__file__).parent / "burn022"

# Real Burn 0.22's stdout of tests/burn022/30_mlp_adam.rs (a seeded MLP, Adam, 5 steps).
MLP_ADAM_STDOUT = """\
step 0: loss = 0.23768538
step 1: loss = 0.20843369
step 2: loss = 0.17992602
step 3: loss = 0.14600098
step 4: loss = 0.1277509
predictions = [0.26952946, 0.64817, 0.5451281, 0.22414227]
linear2.bias = [0.12838319]
"""
FLEX = "Device<Flex(Cpu)>"  # 41_display, on `Device::default()` (Flex)
# burn-dispatch's `Debug` of `DispatchDevice::NdArray(NdArrayDevice::Cpu)`, inside `Device<..>`
NDARRAY = "Device<NdArray(Cpu)>"
NDARRAY_AUTODIFF = "Device<Autodiff { device: NdArray(Cpu), checkpointing: Disabled }>"


def run(tmp_path: Path, source: str) -> tuple[int, str, str]:
    path = tmp_path / "main.rs"
    path.write_text(textwrap.dedent(source).lstrip("\n"), encoding="utf-8")
    return pbpit_run(path)


def stdout_of(tmp_path: Path, source: str) -> str:
    status, out, err = run(tmp_path, source)
    assert status == 0, err
    return out


def rustc_code(tmp_path: Path, source: str) -> str:
    """The first `error[E....]` line pbpit prints for a program rustc rejects; nothing runs."""
    status, out, err = run(tmp_path, source)
    assert status != 0 and out == "", (status, out, err)
    return next(line for line in err.splitlines() if line.startswith("error"))


def mlp_adam(
    with_steps: str, main_step: str, imports: str = "GradientsParams, ModuleOptimizer"
) -> str:
    """tests/burn022/30_mlp_adam.rs with its optimizer step replaced: `with_steps` added before
    `main`, `main_step` in place of the loop's three step lines."""
    source = (BURN / "30_mlp_adam.rs").read_text(encoding="utf-8")
    steps = """\
        let grads = loss.backward();
        let grads = GradientsParams::from_grads(grads, &model);
        model = optim.step(0.05, model, grads);
"""
    assert steps in source and "GradientsParams, Optimizer}" in source
    source = source.replace("GradientsParams, Optimizer}", imports + "}")
    source = source.replace(steps, textwrap.indent(main_step, " " * 8) + "\n")
    return source.replace("fn main() {", with_steps + "\nfn main() {")


# -- `ModuleOptimizer` -------------------------------------------------------------------------


def test_a_generic_helper_taking_a_module_optimizer_mut_steps_as_real_burn(tmp_path):
    helper = """
fn train_step<M: AutodiffModule>(
    model: M, loss: Tensor<1>, optim: &mut ModuleOptimizer, lr: f64,
) -> M {
    let grads = GradientsParams::from_grads(loss.backward(), &model);
    optim.step(lr, model, grads)
}
"""
    source = mlp_adam(helper, "model = train_step(model, loss, &mut optim, 0.05);")
    assert stdout_of(tmp_path, source) == MLP_ADAM_STDOUT


def test_a_struct_holding_the_module_optimizer_steps_by_mut_self_as_real_burn(tmp_path):
    trainer = """
struct Trainer {
    optim: ModuleOptimizer,
    lr: f64,
}

impl Trainer {
    fn step(&mut self, model: Model, loss: Tensor<1>) -> Model {
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        self.optim.step(self.lr, model, grads)
    }
}
"""
    source = mlp_adam(trainer, "model = trainer.step(model, loss);")
    source = source.replace(
        "    let mut optim = AdamConfig::new().init();\n",
        "    let optim: ModuleOptimizer = AdamConfig::new().init();\n"
        "    let mut trainer = Trainer { optim, lr: 0.05 };\n",
    )
    assert stdout_of(tmp_path, source) == MLP_ADAM_STDOUT


HELPER = """
use burn::{
    module::AutodiffModule,
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, ModuleOptimizer},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Net {
    lin: Linear,
}

fn step<M: AutodiffModule>(model: M, loss: Tensor<1>, optim: &mut ModuleOptimizer) -> M {
    let grads = GradientsParams::from_grads(loss.backward(), &model);
    optim.step(0.1, model, grads)
}

fn main() {
    let device = Device::flex().autodiff();
    let mut model = Net { lin: LinearConfig::new(2, 1).init(&device) };
    let mut optim = AdamConfig::new().init();
    let loss = model.lin.forward(Tensor::<2>::from_floats([[1.0, 2.0]], &device)).sum();
    model = step(model, loss, &mut optim);
    println!("{:?}", model.lin.weight.val().dims());
}
"""


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        # `optim.step` through a `&ModuleOptimizer`: `step` takes `&mut self`
        (
            "optim: &mut ModuleOptimizer",
            "optim: &ModuleOptimizer",
            "error[E0596]: cannot borrow `*optim` as mutable, as it is behind a `&` reference",
        ),
        # a `&` given where the helper takes `&mut ModuleOptimizer`
        (
            "step(model, loss, &mut optim)",
            "step(model, loss, &optim)",
            "error[E0308]: mismatched types",
        ),
        # the optimizer by value where `&mut` is asked
        (
            "step(model, loss, &mut optim)",
            "step(model, loss, optim)",
            "error[E0308]: mismatched types",
        ),
        (
            "let mut optim",
            "let optim",
            "error[E0596]: cannot borrow `optim` as mutable, as it is not declared as mutable",
        ),
        # `ModuleOptimizer` is not in Burn's prelude
        (
            "GradientsParams, ModuleOptimizer}",
            "GradientsParams}",
            "error[E0425]: cannot find type `ModuleOptimizer` in this scope",
        ),
    ],
)
def test_what_rustc_rejects_around_a_module_optimizer_is_refused_with_its_code(
    tmp_path, old, new, code
):
    assert old in HELPER
    assert rustc_code(tmp_path, HELPER.replace(old, new)) == code


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("optim::{AdamConfig, GradientsParams, ModuleOptimizer}", "optim::*"),
        ("GradientsParams, ModuleOptimizer}", "GradientsParams}"),
    ],
)
def test_module_optimizer_by_a_glob_or_its_path_runs(tmp_path, old, new):
    source = HELPER.replace(old, new)
    if "optim::*" not in source:
        source = source.replace("&mut ModuleOptimizer", "&mut burn::optim::ModuleOptimizer")
    assert stdout_of(tmp_path, source) == "[2, 1]\n"  # a `Linear`'s weight is `[d_input, d_output]`


def test_stepping_an_optimizer_bound_without_mut_is_rustcs_e0596(tmp_path):
    source = HELPER.replace("let mut optim", "let optim").replace(
        "model = step(model, loss, &mut optim);",
        "let grads = GradientsParams::from_grads(loss.backward(), &model);\n"
        "    model = optim.step(0.1, model, grads);",
    )
    line = "error[E0596]: cannot borrow `optim` as mutable, as it is not declared as mutable"
    assert rustc_code(tmp_path, source) == line


# -- devices and the device line ---------------------------------------------------------------


def device_lines(out: str) -> list[str]:
    return [line.strip() for line in out.splitlines() if line.strip().startswith("device:")]


def test_an_unused_backend_alias_leaves_the_device_line_to_the_device(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        use burn::prelude::*;

        fn main() {
            use burn::backend::{Autodiff, NdArray};
            type B = Autodiff<NdArray>;
            let device = Device::flex();
            let x = Tensor::<1>::from_floats([1.0, 2.0], &device);
            println!("{}", x);
        }
        """,
    )
    assert device_lines(out) == [f"device:  {FLEX},"]


def test_an_unused_backend_alias_leaves_the_default_device_flexs_plain_one(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        use burn::prelude::*;

        fn main() {
            use burn::backend::{Autodiff, NdArray};
            type B = Autodiff<NdArray>;
            let x = Tensor::<1>::from_floats([1.0, 2.0], &Device::default());
            let y = Tensor::<1>::from_floats([0.5], &Device::default().autodiff()).require_grad();
            println!("{}", x);
            println!("{}", y);
        }
        """,
    )
    autodiff = "Device<Autodiff { device: Flex(Cpu), checkpointing: Disabled }>"  # 41_display
    assert device_lines(out) == [f"device:  {FLEX},", f"device:  {autodiff},"]


def test_device_ndarray_runs_and_its_tensors_print_the_ndarray_device(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        #![allow(deprecated)]
        use burn::prelude::*;

        fn main() {
            let device = Device::ndarray();
            let x = Tensor::<1>::from_floats([1.0, 2.5], &device);
            println!("{}", x.clone().sum().into_scalar::<f32>());
            println!("{}", x);
            let ad = Device::ndarray().autodiff();
            let w = Tensor::<1>::from_floats([0.5, -1.0], &ad).require_grad();
            let loss = (w.clone() * w.clone()).sum();
            let grads = loss.backward();
            println!("{}", w.grad(&grads).unwrap());
            println!("{}", w);
        }
        """,
    )
    assert out.splitlines()[0] == "3.5"
    assert "[1.0, -2.0]" in out  # d(w·w)/dw = 2w
    assert device_lines(out) == [
        f"device:  {NDARRAY},",
        f"device:  {NDARRAY},",  # a gradient is on the inner device
        f"device:  {NDARRAY_AUTODIFF},",
    ]


def test_a_tensor_printed_on_wgpu_is_refused_not_given_flexs_device_line(tmp_path):
    status, out, err = run(
        tmp_path,
        """
        use burn::backend::{Autodiff, Wgpu};
        use burn::prelude::*;

        type B = Autodiff<Wgpu>;

        fn main() {
            let device = Default::default();
            println!("{}", Tensor::<B, 1>::from_floats([1.0, 2.0], &device));
        }
        """,
    )
    assert status != 0 and out == "" and "on Wgpu" in err and "Traceback" not in err


# -- `Result<Vec<E>, DataError>` under std's adapters ------------------------------------------


def test_the_result_adapters_on_to_vec_run(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        use burn::prelude::*;
        use std::error::Error;

        fn first(t: Tensor<1>) -> Result<f32, String> {
            let v = t.into_data().to_vec::<f32>().map_err(|e| format!("read failed: {e}"))?;
            Ok(v[0])
        }

        fn main() -> Result<(), Box<dyn Error>> {
            let x = Tensor::<1>::from_floats([1.5, -2.0, 4.0], &Device::flex());
            let a = x.clone().into_data().to_vec::<f32>()?;
            let b = x.clone().into_data().to_vec::<f32>().ok();
            let c = x.clone().into_data().to_vec::<f32>().unwrap_or_else(|e| panic!("{:?}", e));
            let d = x.clone().into_data().to_vec::<f32>().expect("f32 data");
            let n = x.clone().into_data().to_vec::<f32>().map(|v| v.len()).unwrap();
            let s = x.clone().into_data().to_vec::<f32>().map_err(|e| e.to_string())?;
            println!("{:?} {:?} {:?} {:?} {} {:?} {}", a, b, c, d, n, s, first(x)?);
            Ok(())
        }
        """,
    )
    v = "[1.5, -2.0, 4.0]"
    assert out == f"{v} Some({v}) {v} {v} 3 {v} 1.5\n"


@pytest.mark.parametrize(
    ("line", "code"),
    [
        # a `Result` where the `Vec` is asked
        ('let v: Vec<f32> = x.into_data().to_vec::<f32>().map_err(|e| format!("{e}"));', "E0308"),
        # the closure of `unwrap_or_else` must give the `Vec`
        ("let v = x.into_data().to_vec::<f32>().unwrap_or_else(|e| 0.0);", "E0308"),
        # `?` in a `main` returning `()`
        ('let v = x.into_data().to_vec::<f32>().map_err(|e| format!("{e}"))?;', "E0277"),
    ],
)
def test_what_rustc_rejects_around_the_adapters_is_refused_with_its_code(tmp_path, line, code):
    source = f"""
    use burn::prelude::*;
    fn main() {{
        let x = Tensor::<1>::from_floats([1.5], &Device::flex());
        {line}
        println!("{{:?}}", v);
    }}
    """
    assert rustc_code(tmp_path, source).startswith(f"error[{code}]")


# -- a generic parameter with no bound ---------------------------------------------------------


def test_an_unbounded_type_parameter_is_a_type_parameter(tmp_path):
    out = stdout_of(
        tmp_path,
        """
        fn swap_ends<T>(v: &mut Vec<T>) {
            let n = v.len();
            v.swap(0, n - 1);
        }
        fn last<T>(v: Vec<T>) -> Option<T> {
            let mut v = v;
            v.pop()
        }
        fn count<T>(v: &[T]) -> usize {
            v.len()
        }
        fn main() {
            let mut a = vec![1, 2, 3];
            swap_ends(&mut a);
            let mut b = vec!["x", "y"];
            swap_ends(&mut b);
            println!("{:?} {:?}", a, b);
            println!("{:?} {}", last(vec![1.5, 2.5]), count(&[1, 2, 3]));
            let names = vec![String::from("a"), String::from("b")];
            println!("{:?} {}", last(names.clone()), count(&names));
        }
        """,
    )
    # rustc 1.95's output
    assert out == '[3, 2, 1] ["y", "x"]\nSome(2.5) 3\nSome("b") 2\n'


@pytest.mark.parametrize(
    ("function", "call", "code"),
    [
        ('fn show<T>(v: &Vec<T>) { println!("{:?}", v[0]); }', "show(&vec![1, 2]);", "E0277"),
        ("fn add<T>(a: T, b: T) -> T { a + b }", 'println!("{}", add(1, 2));', "E0369"),
        ("fn dup<T>(x: T) -> (T, T) { (x, x) }", 'println!("{:?}", dup(1));', "E0382"),
    ],
)
def test_an_unbounded_type_parameter_has_no_trait_rustc_would_not_give_it(
    tmp_path, function, call, code
):
    source = f"{function}\nfn main() {{\n    {call}\n}}\n"
    assert rustc_code(tmp_path, source).startswith(f"error[{code}]")  # rustc 1.95's codes


FIT = """
trait Predict {
    fn predict(&self, x: Tensor<2>) -> Tensor<2>;
}

impl Predict for Model {
    fn predict(&self, x: Tensor<2>) -> Tensor<2> {
        self.forward(x)
    }
}

fn fit<M: AutodiffModule + Predict>(
    mut model: M, optim: &mut ModuleOptimizer, x: Tensor<2>, y: Tensor<2>, steps: usize,
) -> M {
    for step in 0..steps {
        let loss = (model.predict(x.clone()) - y.clone()).powf_scalar(2.0).mean();
        println!("step {step}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.05, model, grads);
    }
    model
}
"""


def fit_program() -> str:
    source = (BURN / "30_mlp_adam.rs").read_text(encoding="utf-8")
    start = source.index("    for step in 0..5 {")
    end = source.index("    }\n", start) + len("    }\n")
    source = (
        source[:start]
        + "    model = fit(model, &mut optim, x.clone(), y.clone(), 5);\n"
        + source[end:]
    )
    source = source.replace("GradientsParams, Optimizer}", "GradientsParams, ModuleOptimizer}")
    return source.replace("fn main() {", FIT + "\nfn main() {")


def test_a_function_generic_over_a_module_with_the_files_trait_trains_as_real_burn(tmp_path):
    """`M: AutodiffModule + Predict`: Burn's module trait and the program's own together."""
    assert stdout_of(tmp_path, fit_program()) == MLP_ADAM_STDOUT


def test_a_module_without_the_files_trait_is_rustcs_e0277(tmp_path):
    source = fit_program().replace("impl Predict for Model {", "impl Predict for ModelConfig {")
    source = source.replace("self.forward(x)", "x")
    assert rustc_code(tmp_path, source).startswith("error[E0277]")


# -- a method's own type parameters ------------------------------------------------------------


def test_a_generic_method_stepping_the_held_optimizer_trains_as_real_burn(tmp_path):
    trainer = """
struct Trainer {
    optim: ModuleOptimizer,
}

impl Trainer {
    fn step<M: AutodiffModule>(&mut self, model: M, loss: Tensor<1>, lr: f64) -> M {
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        self.optim.step(lr, model, grads)
    }
}
"""
    source = mlp_adam(trainer, "model = trainer.step(model, loss, 0.05);")
    source = source.replace(
        "    let mut optim = AdamConfig::new().init();\n",
        "    let mut trainer = Trainer { optim: AdamConfig::new().init() };\n",
    )
    assert stdout_of(tmp_path, source) == MLP_ADAM_STDOUT


GENERIC_METHOD = """
trait Shape {
    fn area(&self) -> f64;
}
struct Sq(f64);
struct Circ(f64);
impl Shape for Sq {
    fn area(&self) -> f64 { self.0 * self.0 }
}
impl Shape for Circ {
    fn area(&self) -> f64 { 3.0 * self.0 * self.0 }
}
struct Acc { total: f64, n: usize }
impl Acc {
    fn add<S: Shape>(&mut self, s: &S) -> f64 {
        self.total += s.area();
        self.n += 1;
        self.total
    }
}
fn main() {
    let mut a = Acc { total: 0.0, n: 0 };
    a.add(&Sq(2.0));
    let t = a.add(&Circ(1.0));
    println!("{} {}", t, a.n);
}
"""


def test_a_generic_method_bounded_by_the_files_trait_runs(tmp_path):
    assert stdout_of(tmp_path, GENERIC_METHOD) == "7 2\n"  # rustc 1.95's output


def test_a_generic_method_given_a_type_without_the_trait_is_rustcs_e0277(tmp_path):
    source = GENERIC_METHOD.replace("a.add(&Sq(2.0));", "a.add(&a.n);")
    line = "error[E0277]: the trait bound `usize: Shape` is not satisfied"  # rustc 1.95's
    assert rustc_code(tmp_path, source) == line


# -- `shape()[i]` ------------------------------------------------------------------------------

SHAPE_INDEX = """
use burn::prelude::*;

fn main() {
    let y = Tensor::<2>::zeros([5, 3], &Device::default());
    let n = y.shape()[0];
    let shape = y.shape();
    let total = n * shape[1];
    println!("{} {} {}", n, shape[1], total);
}
"""


def test_a_shape_indexed_by_a_usize_is_its_size(tmp_path):
    # cubecl-zspace's `Index for Shape` is `&self.dims[index]`
    assert stdout_of(tmp_path, SHAPE_INDEX) == "5 3 15\n"


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("shape[1]", "shape[2]", "past its 2 sizes"),  # Rust panics inside cubecl-zspace
        ("let total = n * shape[1];", "let total = shape[1..].len();", "indexed by a range"),
        ("shape[1]", "shape[1u8]", "error[E0277]: the type `[usize]` cannot be indexed by `u8`"),
    ],
)
def test_a_shape_index_pbpit_cannot_run_exactly_is_refused(tmp_path, old, new, said):
    status, out, err = run(tmp_path, SHAPE_INDEX.replace(old, new, 1))
    assert status != 0 and said in err and "Traceback" not in err


def test_burn_optims_learning_rate_alias_is_f64(tmp_path):
    # burn-optim `lib.rs`: `pub type LearningRate = f64;`
    helper = """
fn lr_at(step: usize) -> LearningRate {
    0.05 * (step as LearningRate + 1.0) / (step as LearningRate + 1.0)
}
"""
    step = (
        "let grads = GradientsParams::from_grads(loss.backward(), &model);\n"
        "        model = optim.step(lr_at(step), model, grads);"
    )
    imports = "GradientsParams, LearningRate, Optimizer"
    source = mlp_adam(helper, step, imports)
    assert stdout_of(tmp_path, source) == MLP_ADAM_STDOUT
    missing = source.replace("LearningRate, Optimizer}", "Optimizer}")
    assert rustc_code(tmp_path, missing).startswith("error[E0425]: cannot find type `LearningRate`")
