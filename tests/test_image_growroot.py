"""The ready image grows its system partition to the card at the first start (deploy/image-growroot.sh):
its two steps run on plain files laid out as deploy/image.sh lays out the image, with no loop device
and no mount, then the file grown as a bigger card would be."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "deploy" / "image-growroot.sh"
MIB = 1024 * 1024
SECTOR = 512
FIRST_MIB, BOOT_MIB, ROOT_MIB = 4, 256, 64   # deploy/image.sh's layout, with a small root
CARD_MIB = 1024

pytestmark = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in ("sh", "sfdisk", "mkfs.ext4", "resize2fs", "e2fsck", "dumpe2fs")),
    reason="needs sfdisk (util-linux / fdisk) and e2fsprogs",
)


def run(*command: str | Path) -> str:
    result = subprocess.run([str(part) for part in command], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, f"{command}: {result.stdout}{result.stderr}"
    return result.stdout


def partitions(image: Path) -> list[dict[str, object]]:
    table = json.loads(run("sfdisk", "--json", image))["partitiontable"]
    assert table["label"] == "dos"
    return [{key: part[key] for key in ("start", "size", "type")} for part in table["partitions"]]


def flashed_image(tmp_path: Path) -> Path:
    """The image as built (its root file system holding a file), then written to a bigger card."""
    root_dir = tmp_path / "root"
    (root_dir / "var" / "lib").mkdir(parents=True)
    (root_dir / "var" / "lib" / "saved-game.json").write_text('{"game": "kept"}\n')
    root_img = tmp_path / "root.img"
    run("mkfs.ext4", "-q", "-L", "RASPIROOT", "-d", root_dir, root_img, f"{ROOT_MIB}M")
    image = tmp_path / "card.img"
    with image.open("wb") as file:
        file.truncate((FIRST_MIB + BOOT_MIB + ROOT_MIB) * MIB)
    layout = (
        "label: dos\nunit: sectors\n"
        f"start={FIRST_MIB * 2048}, size={BOOT_MIB * 2048}, type=c, bootable\n"
        f"start={(FIRST_MIB + BOOT_MIB) * 2048}, size={ROOT_MIB * 2048}, type=83\n"
    )
    subprocess.run(["sfdisk", "--quiet", str(image)], input=layout, text=True, check=True, timeout=60)
    run("dd", f"if={root_img}", f"of={image}", "bs=1M", f"seek={FIRST_MIB + BOOT_MIB}", "conv=notrunc,sparse", "status=none")
    with image.open("r+b") as file:
        file.truncate(CARD_MIB * MIB)
    return image


def test_the_system_partition_is_grown_to_the_end_of_the_card_and_the_boot_partition_kept(tmp_path):
    image = flashed_image(tmp_path)
    before = partitions(image)
    run("sh", SCRIPT, "partition", image, "2")
    after = partitions(image)
    assert after[0] == before[0]
    assert after[1]["start"] == before[1]["start"]
    assert after[1]["type"] == "83"
    assert int(after[1]["start"]) + int(after[1]["size"]) == CARD_MIB * MIB // SECTOR
    # Cut off before the file system was grown, the next start grows the partition again: no change.
    run("sh", SCRIPT, "partition", image, "2")
    assert partitions(image) == after


def block_count_and_size(device: Path) -> tuple[int, int]:
    fields = dict(
        line.split(":", 1) for line in run("dumpe2fs", "-h", device).splitlines() if ":" in line
    )
    return int(fields["Block count"]), int(fields["Block size"])


def test_the_file_system_then_fills_the_grown_partition_and_keeps_the_saved_games(tmp_path):
    image = flashed_image(tmp_path)
    run("sh", SCRIPT, "partition", image, "2")
    start, size = (int(partitions(image)[1][key]) for key in ("start", "size"))
    partition = tmp_path / "partition.img"
    run("dd", f"if={image}", f"of={partition}", f"bs={SECTOR}", f"skip={start}", f"count={size}", "conv=sparse", "status=none")
    with partition.open("r+b") as file:
        file.truncate(size * SECTOR)
    blocks, block_size = block_count_and_size(partition)
    assert blocks * block_size == ROOT_MIB * MIB

    # resize2fs grows an unmounted file system only once it is checked; on the card it is mounted.
    run("e2fsck", "-f", "-n", partition)
    run("sh", SCRIPT, "filesystem", partition)
    blocks, block_size = block_count_and_size(partition)
    assert blocks * block_size == size * SECTOR
    run("e2fsck", "-f", "-n", partition)
    run("sh", SCRIPT, "filesystem", partition)   # a second start changes nothing
    assert block_count_and_size(partition) == (blocks, block_size)
    assert run("debugfs", "-R", "cat /var/lib/saved-game.json", partition) == '{"game": "kept"}\n'
