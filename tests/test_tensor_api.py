"""The table of Burn's tensor API (`pbpit/engine/api.py`) says what the engine and the Rust
interpreter do: every row that runs is a `Tensor` method computed by its op, tracked as its row
says, and accepted by the interpreter with Burn's signature; importing it loads nothing heavy."""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap
from pathlib import Path
from types import FunctionType

import pytest

import pbpit as pb
from pbpit.engine import api, ops
from pbpit.engine.server import SERVER
from pbpit.engine.tensor import Device, Tensor
from pbpit.rust.interp.burn_tensor_api import ABSENT, PRIVATE
from pbpit.rust.interp.program import load

DEV = Device.default().autodiff()
RUNS = [m for m in api.METHODS if m.runs and m.receiver is not None]
# Python's own way to the values, where Burn reads `into_data().to_vec()`: the interpreter makes
# Burn's `TensorData` from it, so the engine has no `into_data` of its own.
PYTHON_ONLY = {"to_vec"}
# The interpreter makes the `TensorData` of the values; `device()` reads the property `t.device`.
MADE_BY_THE_INTERPRETER = {m.name for m in RUNS if m.result == "TensorData"} | {"device"}
IN_PYTHON = [m for m in RUNS if m.name not in MADE_BY_THE_INTERPRETER]


def tracked_leaf() -> Tensor:
    """A 1x1 leaf that requires grad: every method applies to it (matmul, into_scalar...)."""
    return Tensor.from_floats([[0.5]], DEV).require_grad()


def arguments(method: api.Method, receiver: Tensor) -> list:
    """An argument of each parameter type, fitting a 1x1 receiver."""
    made = {
        "E": lambda: 3.0,
        "Self": lambda: Tensor.from_floats([[2.0]], DEV),
        "usize": lambda: 0,
        "S": lambda: [1, 1],
        "&B::Gradients": lambda: receiver.clone().sum().backward(),
        "&mut B::Gradients": lambda: receiver.clone().sum().backward(),
        "bool": lambda: True,
        "Tensor<B::InnerBackend, D>": lambda: Tensor.from_floats([[2.0]], Device.flex()),
        "I": lambda: 0,
        "J": lambda: 1,
        "[I; D]": lambda: [1, 0],
        "[I; N]": lambda: [1],
        "M": lambda: 1,
        "&[I]": lambda: [1],
        "&[J]": lambda: [1],
        "&[usize]": lambda: [2, 1],
        "S1": lambda: range(0, 1),
        "Distribution": lambda: pb.Distribution.Default,
        "R": lambda: [range(0, 1)],
        "Tensor<B, D, Int>": lambda: Tensor.from_ints([[0]], DEV),
        "Tensor<B, 1, Int>": lambda: Tensor.from_ints([0], DEV),
        "Tensor<B, D, Bool>": lambda: Tensor.from_floats([[0.5]], DEV).greater_elem(0.0),
    }
    return [BY_PARAMETER.get(name, made[ty])() for name, ty in method.params]


# Counts that must be 1 or more for a 1x1 receiver (0 `times` is Burn's untracked `empty`).
BY_PARAMETER = {
    "times": lambda: 2,
    "chunks": lambda: 1,
    "length": lambda: 1,
    "split_size": lambda: 1,
    "src": lambda: 0,  # `movedim(0, 1)`: the 1x2's dims swapped, one permute
    "shift": lambda: 1,  # a shift of a 1-wide dim wraps to 0, the tensor itself: rolled on the 1x2
}
# A 1x1 squeezes to no dims, which Burn refuses: `squeeze` is given the 1x2 `cat([x, x], 1)`;
# `movedim` and the rolls of a 1x1 change nothing, and Burn gives the tensor itself.
WIDENED = {"squeeze", "movedim", "roll_dim", "roll"}


def call(method: api.Method, receiver: Tensor):
    if method.name in WIDENED:
        receiver = Tensor.cat([receiver, receiver], 1)
    return getattr(Tensor, method.name)(receiver, *arguments(method, receiver))


def test_every_public_tensor_method_is_a_row_that_runs():
    public = {
        name
        for name, value in vars(Tensor).items()
        if not name.startswith("_") and isinstance(value, staticmethod | FunctionType)
    }
    running = {m.name for m in api.METHODS if m.runs}
    assert public - PYTHON_ONLY == running - MADE_BY_THE_INTERPRETER


@pytest.mark.parametrize("method", [m for m in RUNS if m.op is not None], ids=lambda m: m.name)
def test_a_row_with_an_op_is_computed_by_that_op(method):
    pb.reset()
    result = call(method, tracked_leaf())
    # A tracked result's step is the op that computed it (as in Burn, the boxed op struct).
    step = SERVER.steps[result.node_id]
    assert type(step) is getattr(ops, method.op)
    assert step.name == method.name


@pytest.mark.parametrize("method", IN_PYTHON, ids=lambda m: m.name)
def test_a_result_is_tracked_as_its_row_says(method):
    pb.reset()
    x = tracked_leaf()
    result = call(method, x)
    if isinstance(result, list | tuple):  # `chunk`'s pieces, `max_dim_with_indices`'s values
        result = result[0]
    tracked = isinstance(result, Tensor) and result.is_tracked()
    if method.tracked == api.INPUTS:
        assert tracked
        untracked = Tensor.from_floats([[0.5]], DEV)
        again = call(method, untracked)
        assert not (again[0] if isinstance(again, list | tuple) else again).is_tracked()
    elif method.tracked == api.SAME:
        assert result.node_id == x.node_id and result.is_tracked()
    elif method.tracked in (api.LEAF, api.DETACHED):
        assert result.is_require_grad()  # from a leaf: still a leaf that requires grad
        intermediate = x.exp()
        if method.tracked == api.DETACHED:
            assert not call(method, intermediate).is_tracked()
            assert call(method, intermediate).node_id != intermediate.node_id
    elif method.tracked == api.GRADIENTS:
        assert type(result).__name__ == "Gradients"
    else:
        assert method.tracked == api.NEVER
        assert not tracked


def ids_taken(run) -> int:
    """How many node ids `run()` takes: the engine's counter before and after."""
    before = SERVER.ids.next
    run()
    return SERVER.ids.next - before


@pytest.mark.parametrize("method", IN_PYTHON, ids=lambda m: m.name)
def test_a_method_takes_the_node_ids_its_row_says(method):
    pb.reset()
    x = tracked_leaf()
    if method.name in WIDENED:
        x = Tensor.cat([x, x], 1)
    args = arguments(method, x)
    taken = ids_taken(lambda: getattr(Tensor, method.name)(x, *args))
    # a 1x1 receiver: `chunk` makes its one piece (n = 1)
    assert taken == method.ids_taken(1)


def _floats(dev=DEV):
    return Tensor.from_floats([[0.5, -1.0], [2.0, 0.25]], dev)


# Each associated function the table runs, called as a Burn user calls it, with the `n` of its
# row (the tensors given).
FUNCTION_CALLS = {
    "from_floats": (1, lambda: Tensor.from_floats([1.0], DEV)),
    "ones": (1, lambda: Tensor.ones([2], DEV)),
    "zeros": (1, lambda: Tensor.zeros([2], DEV)),
    "from_data": (1, lambda: pb.TensorData.from_nested([1.0, 2.0])),
    "from_ints": (1, lambda: Tensor.from_ints([1, 2], DEV)),
    "random": (1, lambda: Tensor.random([2], pb.Distribution.Default, DEV)),
    "arange": (1, lambda: Tensor.arange(range(0, 3), DEV)),
}


@pytest.mark.parametrize("name", sorted(FUNCTION_CALLS))
def test_a_creation_takes_the_node_ids_its_row_says(name):
    pb.reset()
    n, make = FUNCTION_CALLS[name]
    if name == "from_data":
        data = make()
        assert ids_taken(lambda: pb.engine.tensor.from_data(data, DEV)) == api.BY_NAME[name].ids
        return
    assert ids_taken(make) == api.BY_NAME[name].ids_taken(n)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_stack_and_cat_of_n_tensors_take_the_ids_their_rows_say(n):
    pb.reset()
    tensors = [tracked_leaf() for _ in range(n)]
    assert ids_taken(lambda: Tensor.stack(tensors, 0)) == api.BY_NAME["stack"].ids_taken(n)
    assert ids_taken(lambda: Tensor.cat(tensors, 0)) == api.BY_NAME["cat"].ids_taken(n)
    pieces = Tensor.cat(tensors, 0)
    assert ids_taken(lambda: pieces.chunk(n, 0)) == api.BY_NAME["chunk"].ids_taken(n)


def test_from_inner_and_an_int_tensors_float_take_one_id_each():
    pb.reset()
    inner = Tensor.from_floats([1.0], Device.flex())
    assert ids_taken(lambda: Tensor.from_inner(inner)) == api.BY_NAME["from_inner"].ids == 1
    ints = Tensor.from_ints([1, 2], DEV)
    assert ids_taken(lambda: ints.float()) == api.RUST_KIND_METHODS["Int"]["float"].ids == 1


def _composite_calls():
    """What each row of `api.COMPOSITES` runs, on a fresh tracked input: a function to call."""
    from pbpit.engine import activation

    x = _floats().require_grad()
    target = _floats()
    linear = pb.LinearConfig(2, 3).init(DEV)
    plain = pb.LinearConfig(2, 3).with_bias(False).init(DEV)
    norm = pb.LayerNormConfig(2).init(DEV)
    embedding = pb.EmbeddingConfig(4, 2).init(DEV)
    dropout = pb.DropoutConfig(0.5).init()
    leaky = pb.nn.LeakyReluConfig().with_negative_slope(0.2).init()
    cross_entropy = pb.CrossEntropyLossConfig().init(DEV)
    binary = pb.nn.BinaryCrossEntropyLossConfig().init(DEV)
    binary_logits = pb.nn.BinaryCrossEntropyLossConfig().with_logits(True).init(DEV)
    labels = Tensor.from_ints([[0, 1], [1, 0]], DEV)
    mse = pb.MseLoss()
    images = Tensor.zeros([1, 1, 3, 3], DEV).require_grad()
    conv = pb.Conv2dConfig([1, 2], [2, 2]).init(DEV)
    plain_conv = pb.Conv2dConfig([1, 2], [2, 2]).with_bias(False).init(DEV)
    pool = pb.AdaptiveAvgPool2dConfig([2, 1]).init()
    return {
        "activation::relu": lambda: activation.relu(x),
        "activation::sigmoid": lambda: activation.sigmoid(x),
        "activation::tanh": lambda: activation.tanh(x),
        "activation::gelu": lambda: activation.gelu(x),
        "activation::silu": lambda: activation.silu(x),
        "activation::log_sigmoid": lambda: activation.log_sigmoid(x),
        "activation::leaky_relu": lambda: activation.leaky_relu(x, 0.01),
        "activation::softplus": lambda: activation.softplus(x, 1.0),
        "activation::softmax": lambda: activation.softmax(x, 1),
        "activation::log_softmax": lambda: activation.log_softmax(x, 1),
        "activation::quiet_softmax": lambda: activation.quiet_softmax(x, 1),
        "Linear::forward": lambda: linear.forward(x),
        "Linear::forward without bias": lambda: plain.forward(x),
        "LayerNorm::forward": lambda: norm.forward(x),
        "Embedding::forward": lambda: embedding.forward([[0, 3]]),
        "Conv2d::forward": lambda: conv.forward(images),
        "Conv2d::forward without bias": lambda: plain_conv.forward(images),
        "AdaptiveAvgPool2d::forward": lambda: pool.forward(images),
        "Dropout::forward": lambda: dropout.forward(x),
        "LeakyRelu::forward": lambda: leaky.forward(x),
        "CrossEntropyLoss::forward": lambda: cross_entropy.forward(x, [1, 0]),
        "BinaryCrossEntropyLoss::forward": lambda: binary.forward(x, labels),
        "BinaryCrossEntropyLoss::forward with logits": lambda: binary_logits.forward(x, labels),
        "MseLoss::forward, Reduction::Mean": lambda: mse.forward(x, target, pb.Reduction.Mean),
        "MseLoss::forward, Reduction::Sum": lambda: mse.forward(x, target, pb.Reduction.Sum),
        "MseLoss::forward_no_reduction": lambda: mse.forward_no_reduction(x, target),
    }


@pytest.mark.parametrize("composite", api.COMPOSITES, ids=lambda c: c.name)
def test_a_function_or_module_takes_the_node_ids_its_row_says(composite):
    pb.reset()
    pb.seed(0)
    run = _composite_calls()[composite.name]
    # The first call also reads the module's params (their ids come first); a second, none.
    assert ids_taken(run) == composite.param_ids + composite.ids
    assert ids_taken(run) == composite.ids


def test_every_function_or_module_row_is_counted_and_making_them_takes_no_id():
    pb.reset()
    calls = {}
    # Modules, configs and losses take no id when made (lazy params; `CrossEntropyLoss::new`)
    assert ids_taken(lambda: calls.update(_composite_calls())) == 3  # x, target, images
    assert set(calls) == set(api.COMPOSITE_BY_NAME)


def test_lint_reads_untracked_results_and_same_tensors_from_the_table():
    for method in IN_PYTHON:
        pb.reset()
        x = tracked_leaf()
        result = call(method, x)
        if method.name in api.UNTRACKED_RESULT:
            assert not (isinstance(result, Tensor) and result.is_tracked()), method.name
        if method.name in api.SAME_TENSOR:
            assert result.node_id == x.node_id, method.name
    # What lint asks of an op that makes a tracked result: in neither set.
    assert not {"exp", "mul", "sum", "matmul", "detach", "require_grad"} & (
        api.UNTRACKED_RESULT | api.SAME_TENSOR
    )
    assert {"clone", "unwrap", "as_ref"} <= api.SAME_TENSOR
    assert {"into_scalar", "into_data", "to_data", "dims", "shape", "is_tracked", "grad"} <= (
        api.UNTRACKED_RESULT
    )


def test_signatures_read_as_burn_declares_them():
    powf = api.BY_NAME["powf_scalar"]
    assert (powf.receiver, powf.params, powf.result) == ("self", (("other", "E"),), "Self")
    grad = api.BY_NAME["grad"]
    assert grad.receiver == "&self"
    assert grad.params == (("grads", "&B::Gradients"),)
    assert grad.result == "Option<Tensor<B::InnerBackend, D>>"
    cat = api.BY_NAME["cat"]
    assert cat.receiver is None and cat.param_types == ("Vec<Self>", "usize")
    replace = api.BY_NAME["grad_replace"]
    assert replace.param_types == ("&mut B::Gradients", "Tensor<B::InnerBackend, D>")
    assert replace.result == "()"
    assert {m.kind for m in api.METHODS} <= set(api.KINDS)


# A Rust expression for each parameter type, with `x: Tensor<B, 2>` (1x1) and `grads` in scope.
RUST_ARGUMENTS = {
    "E": "3.0",
    "Self": "Tensor::<B, 2>::from_floats([[2.0]], &device)",
    "usize": "0",
    "S": "[1, 1]",
    "&B::Gradients": "&grads",
    "&mut B::Gradients": "&mut grads",
    "bool": "true",
    "Tensor<B::InnerBackend, D>": "Tensor::<B, 2>::from_floats([[2.0]], &device).inner()",
    "I": "0",
    "J": "1",
    "[I; D]": "[1, 0]",
    "[I; N]": "[1]",
    "M": "1",
    "&[I]": "&[1]",
    "&[J]": "&[1]",
    "&[usize]": "&[2, 1]",
    "S1": "0..1",
    "Distribution": "Distribution::Default",
    "R": "[0..1, 0..1]",
    "Tensor<B, D, Int>": "Tensor::<B, 2, Int>::from_ints([[0]], &device)",
    "Tensor<B, 1, Int>": "Tensor::<B, 1, Int>::from_ints([0], &device)",
    "Tensor<B, D, Bool>": "Tensor::<B, 2>::from_floats([[0.5]], &device).greater_elem(0.0)",
}
RUST_BY_PARAMETER = {
    "times": "2", "chunks": "1", "length": "1", "split_size": "1", "src": "0", "shift": "1"
}  # fmt: skip
RUST_RANKS = {"squeeze": "::<1>", "squeeze_dim": "::<1>", "flatten": "::<1>"}


# Rows pbpit's engine runs that Burn's `Tensor` does not offer a user's crate (`x.relu()` is
# `pub(crate)`): the interpreter gives rustc's error for them (tests/test_burn_tensor_api.py).
HIDDEN_FROM_RUST = set(PRIVATE) | set(ABSENT)
RUST_RUNS = [m for m in RUNS if m.name not in HIDDEN_FROM_RUST]


def test_every_row_hidden_from_rust_is_a_row_that_runs():
    assert HIDDEN_FROM_RUST <= {m.name for m in RUNS}


@pytest.mark.parametrize("method", RUST_RUNS, ids=lambda m: m.name)
def test_the_interpreter_runs_every_row_that_runs(tmp_path, method):
    args = ", ".join(RUST_BY_PARAMETER.get(n, RUST_ARGUMENTS[ty]) for n, ty in method.params)
    # A result of another rank with no shape to tell it (`unsqueeze`) takes it as `::<D2>`.
    rank = "::<3>" if method.result == "Tensor<B, D2>" and "S" not in method.param_types else ""
    rank = RUST_RANKS.get(method.name, rank)
    receiver = "Tensor::cat(vec![x.clone(), x.clone()], 1)" if method.name in WIDENED else "x"
    source = textwrap.dedent(
        f"""
        use burn::backend::{{Autodiff, Flex}};
        use burn::tensor::Tensor;
        type B = Autodiff<Flex>;

        fn main() {{
            let device = Default::default();
            let x = Tensor::<B, 2>::from_floats([[0.5]], &device).require_grad();
            let mut grads = x.clone().sum().backward();
            let _result = {receiver}.clone().{method.name}{rank}({args});
            println!("ran");
        }}
        """
    ).lstrip()
    path = tmp_path / "main.rs"
    path.write_text(source, encoding="utf-8")
    program = load(str(path))
    pb.reset()
    out, err = io.StringIO(), io.StringIO()
    program.run(out, err, None)
    assert out.getvalue() == "ran\n"


def test_importing_the_table_loads_no_numpy():
    code = "import sys, pbpit.engine.api; print('numpy' in sys.modules)"
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert found.stdout.strip() == "False", found.stderr


DOCS = [
    ("README.md", "Tensors:", "Python adds"),
    ("docs/RUST_SUBSET.md", "- Tensor methods:", "\n- "),
]


@pytest.mark.parametrize(("doc", "start", "end"), DOCS, ids=[d[0] for d in DOCS])
def test_docs_name_only_tensor_methods_the_table_runs(doc, start, end):
    text = (Path(__file__).resolve().parent.parent / doc).read_text(encoding="utf-8")
    paragraph = text[text.index(start) :]
    paragraph = paragraph[: paragraph.index(end, len(start))]
    quoted = " ".join(paragraph.split("`")[1::2])
    named = {word.split("(")[0] for word in quoted.split()}
    named = {word for word in named if word.isidentifier() and word.islower()}  # not `Option`
    assert len(named) > 20
    kinds = (*api.METHODS, *api.INT_METHODS, *api.BOOL_METHODS)  # Int and Bool tensors' too
    assert named <= {m.name for m in kinds if m.runs}


# -- what a Python user sees of a tensor and of the package


def test_a_tensors_repr_writes_its_values_as_rust_debug_writes_f32():
    # 0.8 is not a float32: its nearest f32 is 0.800000011920929 as a Python float, and Rust's
    # `{:?}` writes the shortest text that reads back to it, `0.8`.
    x = Tensor.from_floats([0.8, 1.0, 1e-7], Device.flex())
    assert repr(x) == "Tensor([0.8, 1.0, 1e-7], shape=[3], untracked)"


def test_the_at_operator_is_matmul():
    a = Tensor.from_floats([[1.0, 2.0]], DEV)
    b = Tensor.from_floats([[3.0], [4.0]], DEV)
    assert (a @ b).to_vec() == [11.0]


def test_dir_of_the_package_lists_its_api_not_its_import_machinery():
    public = [name for name in dir(pb) if not name.startswith("_")]
    assert public == sorted(
        [
            "Device",
            "Distribution",
            "Gradients",
            "Panic",
            "Some",
            "Target",
            "Tensor",
            "TensorData",
            "activation",
            "reset",
            "rust_debug",
            "rust_display",
            # issue 14: burn::nn, burn::module and burn::optim, and `B::seed`
            *("AdamConfig", "AdamWConfig", "CrossEntropyLoss", "CrossEntropyLossConfig"),
            *("Dropout", "DropoutConfig", "Embedding", "EmbeddingConfig", "Gelu"),
            *("GradientsParams", "Initializer", "LayerNorm", "LayerNormConfig", "Linear"),
            *("LinearConfig", "Module", "MomentumConfig", "MseLoss", "Param", "ParamId"),
            *("Reduction", "Relu", "SgdConfig", "Sigmoid", "Tanh", "WeightDecayConfig"),
            *("nn", "seed"),
            "IntTensor",  # issue 14: Burn's Int and Bool kinds
            # burn::nn::conv and burn::nn::pool
            *("AdaptiveAvgPool2d", "AdaptiveAvgPool2dConfig", "Conv2d", "Conv2dConfig"),
            "PaddingConfig2d",
        ]
    )
