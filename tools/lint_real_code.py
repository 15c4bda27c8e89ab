"""Run `pbpit lint` over public Burn repositories and judge every finding against a kept table.

    .venv/bin/python tools/lint_real_code.py                 # the table and the findings
    .venv/bin/python tools/lint_real_code.py --markdown      # rewrite docs/LINT_ON_REAL_CODE.md
    .venv/bin/python tools/lint_real_code.py --markdown -    # print that section instead
    .venv/bin/python tools/lint_real_code.py --only tracel-ai/burn

Each repository of REPOSITORIES is read from its bare mirror (/work/.mirror/owner+name/repo,
brought there by the `fetch` tool: this script never touches the network, so it is no test) at
the commit named here, and its `.rs`, `Cargo.toml` and `.gitignore` files are extracted under
--into (kept between runs, re-extracted when the commit changes), so that lint reads each crate's
targets as cargo builds them. Then `pbpit lint --format json` runs on each
tree. Every finding is looked up in VERDICTS by `file:line:rule`; one that is not there is
"unreviewed", and a reviewed finding lint no longer reports is listed as gone, so a change of
the analysis shows up as a change of this report. Output is sorted; only the times vary.

Exit status: 0 when every finding is a reviewed true positive, 1 when a finding is a false
positive or unreviewed (or lint failed), 2 when a mirror or a commit is missing.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "LINT_ON_REAL_CODE.md"
MIRRORS = Path("/work/.mirror")
EXTRACTED = Path("/tmp/real")
BEGIN = "<!-- begin: tools/lint_real_code.py --markdown -->"
END = "<!-- end: tools/lint_real_code.py --markdown -->"


@dataclass(frozen=True)
class Repository:
    name: str  # owner/name, as GitHub spells it
    commit: str
    trains: str  # what its code trains, for the reader of the doc


REPOSITORIES = (
    Repository(
        "tracel-ai/burn",
        "2c06be351006851d42fdb6df16b976f4a82d9747",
        "the framework: examples, the backend test suite of autodiff, optimizers, the learner",
    ),
    Repository(
        "yunjhongwu/burn-rl-examples",
        "bf76ba61fdc89837cbf259a6f554a1fcec238690",
        "DQN, PPO and SAC agents; every backward in one `update_parameters` helper",
    ),
    Repository(
        "CarsonBurke/burn-rl-examples",
        "8a811c5532afe4e59684da4e72e6ae7717ea157d",
        "a fork of the above (DQN, PPO, SAC through the same helper)",
    ),
    Repository(
        "getumen/burn-rl-example",
        "45c92e38032269dd6e5563cd274cfb65cf8c7acc",
        "distributional DQN agents (categorical, quantile, expectation) with a teacher network",
    ),
    Repository(
        "MarkHaoxiang/burn-rl",
        "bdf58367ddeef038f80ab3315f9685fc6d80218d",
        "a DQN agent holding its model in a struct field; Criterion benches of the backward",
    ),
    Repository(
        "ten2mushi/burn_distributed_rl",
        "d8f0f610e6d6a71c0d214642f97a245836631a8a",
        "distributed PPO (feed-forward and recurrent), IMPALA and SAC learners",
    ),
    Repository(
        "afgTheCat/r2l",
        "40f422180a030c3b5513b647ccdef101dd471522",
        "PPO and A2C with joint or split policy and value optimizers (Burn and Candle)",
    ),
    Repository(
        "mosure/burn_jepa",
        "ee3fb7584f0d16d610b1466258811c48e60601ff",
        "V-JEPA 2 training: dense, streaming test-time training with carried state, reconstruction",
    ),
    Repository(
        "swfsql/burn-mamba",
        "b2dd6a408f3e7336ac76f2410de254496276e5d8",
        "Mamba 1/2/3 layers with gradient tests, benches and six training examples",
    ),
    Repository(
        "tracel-ai/burn-lm",
        "8ca53bfefb48cf3ed4b0fceacffe5551bf3bf95c",
        "Llama and other language models, a `TrainStep` for fine-tuning",
    ),
    Repository(
        "aravindhv10/burn_experiments",
        "17559a4d34d53db0fde9b1c97e4e16ff266cdbef",
        "an inference server: no training at this commit (kept from the first run)",
    ),
    Repository(
        "akshitgaur2005/real-esrgan-burn",
        "2a8b6ddc41096a1846cbe33d21c45bce84c5d6f8",
        "Real-ESRGAN super-resolution, inference only (a check for false alarms on forwards)",
    ),
    Repository(
        "mosure/burn_automata",
        "e0a2ae28b5f92458c06b8b840734115080ec6f33",
        "neural cellular automata and hypernetworks: dense training, distillation, a teacher",
    ),
    Repository(
        "mosure/burn_dragon_hatchling",
        "0801bf9880a4d5a36e5d92d793f32819089a5c36",
        "a language model (Baby Dragon Hatchling): a training binary, a bench and smoke tests",
    ),
    Repository(
        "aberration-technology/burn_dragon",
        "6e9c133d44b345f445d801293a169958a8489327",
        "the Dragon language model with predictive coding and truncated-BPTT streaming training",
    ),
    Repository(
        "aberration-technology/burn_p2p",
        "8d289c995ebf3904a49c0c5cc08bbb5dacd18858",
        "peer-to-peer distributed training of Burn models: runtimes, probes, test kit",
    ),
    Repository(
        "will-maclean/sb3-burn",
        "5e95f78c596865108ac2f1f88642f0b88587f487",
        "Stable-Baselines3-style DQN and SAC agents with their probes",
    ),
    Repository(
        "benbaarber/rl",
        "ad77d7dd36aaf038565bab8d05d1bf7f10263d5b",
        "a reinforcement-learning library: DQN with a target network and replay memory",
    ),
    Repository(
        "rootware/Reinforcement_Learning_DQN_in_Rust_using_Burn",
        "d7ca41955ba1d841c8c0d43827ba8ba8f403f91c",
        "DQN and double DQN on a grid walker",
    ),
    Repository(
        "BrageHK/MuZero-rs",
        "81a2d61480e14b1ee22cde2544f56155851a6b18",
        "MuZero: representation, dynamics and prediction networks unrolled over K steps",
    ),
    Repository(
        "thomsen85/rusty-minesweeper",
        "e7f18fbfa7d66eb7b81d0e297dd413a29086aec8",
        "a Minesweeper-playing network, trained with a custom loop",
    ),
    Repository(
        "Patchethium/burn-vae-gan",
        "32cbb8df4cf43b53b60c3e827646765898b12839",
        "a VAE-GAN on MNIST: encoder, decoder and discriminator with separate optimizers",
    ),
    Repository(
        "AsherJingkongChen/simple-nerf-rust",
        "ba8cb01ce4adfc9fa021dec767cc25b98c90513f",
        "NeRF: a volume renderer trained on rays",
    ),
    Repository(
        "kokutoupan/burn_raymarching",
        "b7a2b8b1548f7d7755a7127601e0bedf99321883",
        "a neural field rendered by ray marching, trained by a custom loop",
    ),
    Repository(
        "bclarke123/nanogpt-rs",
        "f652124b90dfc2eb14193c50dadfdb37662039bf",
        "nanoGPT: a bigram model and a GPT on Shakespeare",
    ),
    Repository(
        "richardanaya/burn-gpt-2-style-embedding-model",
        "6e9d570173f9042fef757e5f0466afda2eea871b",
        "a GPT-2-style embedding model trained contrastively",
    ),
    Repository(
        "Sanzentyo/Irodori-TTS-burn",
        "5d5656e88a3030198c3d895ae032824459a5870a",
        "a text-to-speech model with its trainer",
    ),
    Repository(
        "nusu-github/BiRefNet-Burn",
        "d13265519d10c918fbebc831394086c313512e3e",
        "BiRefNet segmentation: the model and its training step",
    ),
    Repository(
        "tracel-ai/models",
        "cb0d97e3bc8a516db37b1b669789670b9a369574",
        "Burn's model zoo: ResNet fine-tuning through the learner, inference for the rest",
    ),
    Repository(
        "TsaoLun/mlsys_with_burn",
        "60e4fe9183e3eb340b06786bf54249a453a28138",
        "a course on ML systems: tensor and autodiff anatomy, a training loop, a capstone",
    ),
    Repository(
        "Musbell/dl_pytorch_rust_challenge",
        "02d7d734ceefb0accbac0bcaf7dc3dbb877e0c5a",
        "a PyTorch course redone in Burn: gradient descent, MLPs, Fashion-MNIST",
    ),
    Repository(
        "Maki-Grz/mlp-mini-burn",
        "d8ce7f0515b0b54f7a640ba477f0b1cc73ab618d",
        "an MLP recommender with early stopping, a custom loop",
    ),
    Repository(
        "mosure/burn_bdh",
        "d4726ceabe21a0d8eb7069a2e9bae4914a53b153",
        "Baby Dragon Hatchling, an earlier tree: training binary, bench, training-step tests",
    ),
    Repository(
        "tracel-ai/burn-bench",
        "1f9534317e1e32e18778d42135158025bf0c5685",
        "Burn's benchmarks, the autodiff ones running forward and backward in a loop",
    ),
    Repository(
        "aledelunap/inside-deep-learning-with-burn",
        "2ea724848a2319875f4a392e6a7e43e4f91d5cee",
        "exercises of the book Inside Deep Learning in Burn: regression, classifiers, a CNN",
    ),
    Repository(
        "richardyang92/burn-examples",
        "4666fb02230d49cca1dcdaa8da62db4540e81ac1",
        "a bigram language model, Fashion-MNIST and YOLO v1 through `TrainStep`",
    ),
    Repository(
        "dimdamop/learn-burn",
        "d02b7f0a0cd9312ef1d098b9ec2382691501a0f5",
        "a regression model trained through `TrainStep` and supervised training",
    ),
    Repository(
        "makinzm/create-mnist-with-burn",
        "2e5b6ece0dd25ea4db5627d782abdc5502140284",
        "an MNIST classifier through `TrainStep` and the learner",
    ),
    Repository(
        "Kodylow/learn-burn",
        "107976416ae6ea4e7c38eea6163e6ef14c53de9b",
        "a first model and its `TrainStep`, for learning Burn",
    ),
    Repository(
        "VirtualNonsense/sketchy_pix2pix",
        "8c8cfee0d20d84874497f7b0d6f0976bf14ee31c",
        "pix2pix, a conditional GAN: a discriminator and a generator step in one custom loop",
    ),
    Repository(
        "ArthurBrussee/brush",
        "8b7f5c6c0638892204b540d9aced219f62fc2192",
        "Gaussian splatting trained on Burn's main branch: the splat optimizer, LOD passes, tests",
    ),
    Repository(
        "AsherJingkongChen/gausplat-trainer",
        "75288bf6a0a150fa954846e686b3a13ed1e10d17",
        "a 3D Gaussian splatting trainer with its own Adam and densification",
    ),
    Repository(
        "felix-andreas/gpt-burn",
        "3936600f43b1d56688ccc867a203ec885aeff368",
        "a GPT trained by a custom loop",
    ),
    Repository(
        "code-cp/nanogpt-burn",
        "cbf7564fb1e86c873cdce02c176aece85734d0de",
        "nanoGPT through `TrainStep` and the learner",
    ),
    Repository(
        "christeefy/burn-tutorial",
        "7a27d6b961bd83a8b3b76c50422e69a913f05896",
        "Burn's MNIST guide (0.17): `TrainStep` and the learner",
    ),
    Repository(
        "neka-nat/burn-tutorial",
        "691be2958ad76dd07e62c0013fc3fff277657748",
        "an MNIST classifier through `TrainStep`, an early Burn API",
    ),
    Repository(
        "deane0/burn-examples",
        "54ea3e7398cf36e02e6882adee0daf4f4eaf4cd1",
        "an MNIST classifier through `TrainStep` (Burn 0.4)",
    ),
    Repository(
        "yyhhenry/test-burn-rs",
        "c65faa3861a83287d6ce5086b8e5effe6198653a",
        "an MNIST classifier through `TrainStep` (Burn 0.11)",
    ),
    Repository(
        "RPP1011/rl4burn",
        "97c293b8945bd85fd12738756d95f14e496fe44e",
        "an RL library: PPO (masked), DQN, actor-critic, imitation, an LSTM policy by episode",
    ),
    Repository(
        "bhansconnect/burn-ppo",
        "4c095bd0d3e667a6ae7c503a5c67ae5d90376aa3",
        "PPO for board games: epochs of minibatches cut from inner (untracked) rollout tensors",
    ),
    Repository(
        "AspadaX/minimalRL-rs",
        "047666593353807d7540258ee92323bb9bf1e866",
        "minimalRL in Burn: DQN, actor-critic, PPO and SAC, each a custom loop",
    ),
    Repository(
        "eblack-leaf/llvm-lstm",
        "27665269bb4ed68cfb5f42458753e47eba6741e5",
        "a PPO agent choosing LLVM passes: a recurrent policy replayed per chunk of episodes",
    ),
    Repository(
        "AlexandreGac/alphazero-chess",
        "92580f923c0270313df9bd4ae9e70a9fb08dcc4f",
        "AlphaZero for chess: self-play into a replay buffer, a policy and value loss per batch",
    ),
    Repository(
        "simonjanssen/ganshot",
        "9202ef2e9b567aef687f034a001c768a68bbe0c2",
        "a GAN: a discriminator step on a detached fake, then a generator step, per batch",
    ),
    Repository(
        "AlfredWeirich/251123_vae",
        "15f936c857df01b20eb99a61cc47dc68d410a6ce",
        "a VAE on MNIST (dense and convolutional) with an annealed KL weight, a custom loop",
    ),
    Repository(
        "ragu812/diffusionModel",
        "a1c7b7a066407f831ac2d329e58465bec983ab21",
        "a latent diffusion model in one file: a VAE, then the denoiser, four custom loops",
    ),
    Repository(
        "michioga/burn-pinn-sample",
        "0c2bf144bf18e60162402ec9040b1a0a96d99cbe",
        "a PINN for the 1-D advection equation: derivatives by a first backward, then the loss's",
    ),
    Repository(
        "open-spaced-repetition/fsrs-rs",
        "0cbb9d3c8fbd7cbe4903f25d6e4c7ed01a65edf9",
        "FSRS: hand-written gradients now; Burn's autodiff checks them in its tests",
    ),
    Repository(
        "Anuj0x/policygrad-in-rust-burn",
        "a0bde40736df7f8257df3bc60073158800a3c863",
        "a PPO sketch that does not build (no manifest; `backward` over `B: Backend`)",
    ),
)

_AUTOMATA = "crates/burn_automata/src/hyper/e2e_training/dense/"
_AUTOMATA_STEPS = _AUTOMATA + "train_steps.rs"

# Each finding's verdict, by repository and `file:line:rule` (file relative to the repository):
# "true-positive", or "false-positive: why". Judged by reading the code against SPEC §1.
VERDICTS: dict[str, dict[str, str]] = {
    "mosure/burn_automata": {
        _AUTOMATA + "entrypoints.rs:117:shared-intermediate": (
            "false-positive: the adapters are structs of leaves made by `from_adapter` "
            "(`tracked_tensor`: `from_data(..).require_grad()`), gathered by `map` and "
            "`collect::<AutomataResult<Vec<_>>>()?`; both phases may backpropagate through them"
        ),
        _AUTOMATA + "tests.rs:567:loop-external-tracked": (
            "false-positive: `params` comes from `BurnBaseParams::from_model`, leaves made by a "
            "helper, replaced by new leaves (`track(..inner())`) after each step"
        ),
        _AUTOMATA + "tests.rs:6367:shared-intermediate": (
            "false-positive: `adapter` is `BurnAdapterParams::from_adapter(..)?`, leaves"
        ),
        _AUTOMATA_STEPS + ":156:shared-intermediate": (
            "false-positive: `indices` is `PhaseBatchSampler::next_batch`'s `Vec<usize>`, numbers"
        ),
        _AUTOMATA_STEPS + ":869:loop-external-tracked": (
            "false-positive: `endpoint_bridge` is `Some(BurnRowFlowEndpointBridge)` holding the "
            "row flow's tracked rows and a fresh leaf of their values (`track3(rows.inner())`); "
            "each chunk's backward starts from `bridge.adapter_batch` (the leaf) and the flow's "
            "graph is backpropagated once, after the loop (`bridge.objective`, "
            "`generator_objective.backward()`). Lint reads the `Option` of the struct, joined "
            "across the `if` and `bool::then`, as one tracked tensor"
        ),
        _AUTOMATA_STEPS + ":869:shared-intermediate": (
            "false-positive: the same bridge as the loop-external-tracked finding on this line: "
            "the chunks' backwards reach its leaf only, the one backward after the loop its rows"
        ),
    },
    "aberration-technology/burn_dragon": {
        "crates/burn_dragon_language/src/train/schedule.rs:11039:loop-external-tracked": (
            "false-positive: a pipeline schedule (`distributed_pipeline_train_step`): a forward "
            "event puts its microbatch's loss (or stage output) in `forward_cache` under "
            "`(virtual stage, microbatch)`; the backward event for that key `remove`s it and "
            "backpropagates it, once. Stages meet only through detached inner tensors made new "
            "leaves (`attach_pipeline_state_require_grad`), so the entries' graphs share only "
            "parameters; lint reads the map as one tensor carried across passes"
        ),
        "crates/burn_dragon_language/src/train/steps.rs:11837:loop-external-tracked": (
            "false-positive: `recurrent_teacher_state` is `teacher.init_state()`, a "
            "`ModelState` of `None`s from the sibling crate burn_dragon_core; each chunk runs "
            "the teacher on it, reads it into the chunk's loss, backpropagates, then detaches it "
            "in place (`if let Some(s) = recurrent_teacher_state.as_mut() { "
            "s.detach_in_place() }`) before the next chunk. Read as cargo builds it, the "
            "language crate does not see burn_dragon_core's `ModelState`/`DragonModel` (a path "
            "dependency in the same workspace), so lint takes the state for a tracked tensor "
            "and misses the detach"
        ),
        "crates/burn_dragon_language/src/train/steps.rs:16873:shared-intermediate": (
            "false-positive: `problem_hash` is a `String` (`canonical_hash() -> Result<String>`) "
            "of a proof bundle of strings, numbers and plain enums: no tensor"
        ),
        "crates/burn_dragon_language/src/train/steps.rs:16874:shared-intermediate": (
            "false-positive: `item.spec` is made of that bundle's problem: no tensor"
        ),
    },
    "tracel-ai/burn": {
        "crates/burn-backend-tests/tests/autodiff/all_reduce.rs:66:shared-intermediate": (
            "false-positive: Burn's own passing test; `let [a, b] = &compute_all_reduce(vec![in_0, "
            "in_1], ..)` returns one output per input, on its own device, each backpropagated once "
            "(its help, `[out_tensor_0, out_tensor_1].clone().detach()`, is not an expression)"
        ),
    },
}


@dataclass
class Finding:
    file: str
    line: int
    rule: str
    message: str
    verdict: str

    @property
    def key(self) -> str:
        return f"{self.file}:{self.line}:{self.rule}"


@dataclass
class Skipped:
    file: str
    line: int
    column: int
    why: str


@dataclass
class Result:
    repository: Repository
    files: int = 0
    lines: int = 0
    seconds: float = 0.0
    status: int = 0
    findings: list[Finding] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)
    failure: str = ""  # lint printed no JSON (a crash): its last stderr line


# Besides the `.rs` files, the files lint reads: manifests (which files make which target) and
# ignore files (which files are no part of the tree).
_EXTRACTED_NAMES = ("Cargo.toml", ".gitignore")


class SetupError(Exception):
    """A mirror or a commit this script needs is not on the machine."""


def mirror(repository: Repository) -> Path:
    return MIRRORS / repository.name.replace("/", "+") / "repo"


def extract(repository: Repository, into: Path) -> Path:
    """The repository's `.rs`, `Cargo.toml` and `.gitignore` files at its commit, under `into`
    (reused when already extracted at that commit with those kinds of files)."""
    git_dir = mirror(repository)
    if not git_dir.is_dir():
        raise SetupError(f"{repository.name}: no mirror at {git_dir} (fetch it first)")
    known = subprocess.run(
        ["git", "--git-dir", str(git_dir), "cat-file", "-e", f"{repository.commit}^{{commit}}"],
        capture_output=True,
    )
    if known.returncode != 0:
        raise SetupError(f"{repository.name}: commit {repository.commit} is not in {git_dir}")
    tree = into / repository.name.replace("/", "+")
    stamp = tree / ".pbpit-commit"
    if stamp.is_file() and stamp.read_text().split() == [repository.commit, *_EXTRACTED_NAMES]:
        return tree
    if tree.exists():
        shutil.rmtree(tree)
    tree.mkdir(parents=True)
    # Only the files lint reads: a whole archive fails on blobs the snapshot left out (LFS).
    listed = subprocess.run(
        ["git", "--git-dir", str(git_dir), "ls-tree", "-r", "-z", "--name-only", repository.commit],
        capture_output=True, check=True,
    ).stdout.decode().split("\0")
    wanted = [p for p in listed if p.endswith(".rs") or p.rsplit("/", 1)[-1] in _EXTRACTED_NAMES]
    archive = subprocess.Popen(
        ["git", "--git-dir", str(git_dir), "archive", repository.commit, "--",
         *(f":(literal){path}" for path in wanted)],
        stdout=subprocess.PIPE,
    )
    untar = subprocess.run(["tar", "-x", "-C", str(tree)], stdin=archive.stdout)
    archive.stdout.close()
    if archive.wait() != 0 or untar.returncode != 0:
        raise SetupError(f"{repository.name}: could not extract {repository.commit}")
    stamp.write_text(" ".join([repository.commit, *_EXTRACTED_NAMES]) + "\n")
    return tree


def pbpit_command() -> list[str]:
    """`pbpit` beside this interpreter (the worktree's .venv), else `python -m pbpit`."""
    script = Path(sys.executable).parent / "pbpit"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "pbpit"]


def lint(repository: Repository, tree: Path, command: list[str] | None = None) -> Result:
    result = Result(repository)
    start = time.perf_counter()
    done = subprocess.run(
        [*(command or pbpit_command()), "lint", "--format", "json", str(tree)],
        capture_output=True,
        text=True,
        cwd=tree,
    )
    result.seconds = time.perf_counter() - start
    result.status = done.returncode
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        lines = done.stderr.strip().splitlines() or ["no output"]
        result.failure = lines[-1]
        return result
    prefix = str(tree) + os.sep

    def relative(path: str) -> str:
        return path[len(prefix):] if path.startswith(prefix) else path

    files = report.get("files", [])
    result.files = report.get("files_checked", len(files))
    result.lines = sum(_count_lines(Path(path)) for path in files)
    verdicts = VERDICTS.get(repository.name, {})
    for item in report.get("findings", []):
        finding = Finding(relative(item["path"]), item["line"], item["rule"], item["message"], "")
        finding.verdict = verdicts.get(finding.key, "unreviewed")
        result.findings.append(finding)
    # Files lint could not parse: `errors` today; any other list of located entries that a
    # later lint adds (skipped files, notes) is read the same way.
    for key, entries in report.items():
        if key in ("files", "findings") or not isinstance(entries, list):
            continue
        for entry in entries:
            if isinstance(entry, dict) and "path" in entry:
                why = entry.get("message") or entry.get("reason") or entry.get("text") or key
                result.skipped.append(
                    Skipped(
                        relative(entry["path"]), entry.get("line", 0), entry.get("column", 0), why
                    )
                )
    result.findings.sort(key=lambda f: (f.file, f.line, f.rule))
    result.skipped.sort(key=lambda s: (s.file, s.line, s.column, s.why))
    reported = {finding.key for finding in result.findings}
    result.gone = sorted(key for key in verdicts if key not in reported)
    return result


def _count_lines(path: Path) -> int:
    try:
        with path.open("rb") as handle:
            return sum(chunk.count(b"\n") for chunk in iter(lambda: handle.read(1 << 16), b""))
    except OSError:
        return 0


def false_alarm(finding: Finding) -> bool:
    return finding.verdict != "true-positive"


def render_text(results: list[Result]) -> str:
    rows = [("repository", "commit", "files", "lines", "time", "findings", "skipped", "exit")]
    for r in results:
        rows.append(
            (r.repository.name, r.repository.commit[:12], str(r.files), str(r.lines),
             f"{r.seconds:.1f}s", str(len(r.findings)), str(len(r.skipped)), str(r.status))
        )
    rows.append(_total_row(results))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = [_aligned(row, widths) for row in rows]
    for r in results:
        if r.failure:
            out.append(f"\n{r.repository.name}: lint printed no report: {r.failure}")
        for f in r.findings:
            out.append(f"\n{r.repository.name} {f.key}\n  {f.message}\n  verdict: {f.verdict}")
        for key in r.gone:
            out.append(f"\n{r.repository.name} {key}: reviewed, no longer reported")
    skipped = [(r.repository.name, s) for r in results for s in r.skipped]
    if skipped:
        out.append("\nnot parsed:")
        out.extend(f"  {name} {s.file}:{s.line}:{s.column}: {s.why}" for name, s in skipped)
    return "\n".join(out) + "\n"


def _aligned(row: tuple[str, ...], widths: list[int]) -> str:
    """Names left-aligned, numbers right-aligned."""
    cells = zip(row, widths, strict=True)
    return "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(cells)).rstrip()


def _total_row(results: list[Result]) -> tuple[str, ...]:
    return (
        f"total ({len(results)})", "", str(sum(r.files for r in results)),
        str(sum(r.lines for r in results)), f"{sum(r.seconds for r in results):.1f}s",
        str(sum(len(r.findings) for r in results)), str(sum(len(r.skipped) for r in results)),
        "",
    )


def render_markdown(results: list[Result]) -> str:
    out = [
        BEGIN,
        "",
        "| repository | commit | trains | files | lines | time | findings | not parsed | exit |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        name = r.repository.name
        out.append(
            f"| [{name}](https://github.com/{name}) | `{r.repository.commit[:12]}` | "
            f"{r.repository.trains} | {r.files:,} | {r.lines:,} | {r.seconds:.1f} s | "
            f"{len(r.findings)} | {len(r.skipped)} | {r.status} |"
        )
    total = _total_row(results)
    out.append(
        f"| **{total[0]}** | | | {int(total[2]):,} | {int(total[3]):,} | {total[4][:-1]} s | "
        f"{total[5]} | {total[6]} | |"
    )
    out += ["", "### Findings and verdicts", ""]
    findings = [(r.repository.name, f) for r in results for f in r.findings]
    if findings:
        out += ["| repository | file:line | rule | verdict |", "|---|---|---|---|"]
        for name, f in findings:
            out.append(f"| {name} | `{f.file}:{f.line}` | `{f.rule}` | {f.verdict} |")
    else:
        out.append("None.")
    gone = [(r.repository.name, key) for r in results for key in r.gone]
    if gone:
        out += ["", "Reviewed findings lint no longer reports:", ""]
        out += [f"- {name} `{key}`" for name, key in gone]
    failures = [r for r in results if r.failure]
    if failures:
        out += ["", "Lint printed no report for:", ""]
        out += [f"- {r.repository.name}: {r.failure}" for r in failures]
    out += ["", "### Files lint could not parse", ""]
    skipped = [(r.repository.name, s) for r in results for s in r.skipped]
    if skipped:
        out += ["| repository | file:line:column | why |", "|---|---|---|"]
        for name, s in skipped:
            why = s.why.replace("|", "\\|")
            out.append(f"| {name} | `{s.file}:{s.line}:{s.column}` | {why} |")
    else:
        out.append("None.")
    out += ["", END]
    return "\n".join(out) + "\n"


def write_doc(section: str, doc: Path) -> None:
    """Replace the generated section of `doc` (between BEGIN and END), or append it."""
    text = doc.read_text(encoding="utf-8") if doc.exists() else ""
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
        text = head + section.rstrip("\n") + tail
    else:
        text = text + ("\n" if text and not text.endswith("\n") else "") + section
    doc.write_text(text, encoding="utf-8")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--markdown", nargs="?", const=str(DOC), metavar="FILE",
        help="write the Markdown section into FILE (default docs/LINT_ON_REAL_CODE.md; - prints)",
    )
    parser.add_argument("--into", type=Path, default=EXTRACTED, help="where to extract")
    parser.add_argument("--only", action="append", metavar="OWNER/NAME", help="(repeatable)")
    parser.add_argument(
        "--pbpit", metavar="PATH",
        help="the pbpit to run (default: the one beside this Python); e.g. one that imports a "
        "clean export of a commit, to measure that commit rather than a working tree",
    )
    args = parser.parse_args(argv)
    chosen = [r for r in REPOSITORIES if not args.only or r.name in args.only]
    unknown = set(args.only or ()) - {r.name for r in REPOSITORIES}
    if unknown:
        print(f"lint_real_code: not in the table: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    results = []
    try:
        for repository in chosen:
            tree = extract(repository, args.into)
            results.append(lint(repository, tree, [args.pbpit] if args.pbpit else None))
    except SetupError as error:
        print(f"lint_real_code: {error}", file=sys.stderr)
        return 2
    if args.markdown == "-":
        sys.stdout.write(render_markdown(results))
    elif args.markdown:
        write_doc(render_markdown(results), Path(args.markdown))
        sys.stdout.write(render_text(results))
    else:
        sys.stdout.write(render_text(results))
    bad = any(r.failure for r in results) or any(
        false_alarm(f) for r in results for f in r.findings
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
