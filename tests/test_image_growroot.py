"""The ready image grows the family's data partition, its last, to the card at the first start
(deploy/image-growroot.sh): its two steps run on plain files laid out as deploy/image.sh lays out the
image (boot, system, data), with no loop device and no mount, then the file grown as a bigger card would be."""

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
FIRST_MIB, BOOT_MIB, ROOT_MIB, DATA_MIB = 4, 256, 64, 32   # deploy/image.sh's layout, small
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
    """The image as built (its data file system holding a saved game), then written to a bigger card."""
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    (data_dir / "saved-game.json").write_text('{"game": "kept"}\n')
    data_img = tmp_path / "data.img"
    run("mkfs.ext4", "-q", "-L", "TCDATA", "-d", data_dir, data_img, f"{DATA_MIB}M")
    image = tmp_path / "card.img"
    with image.open("wb") as file:
        file.truncate((FIRST_MIB + BOOT_MIB + ROOT_MIB + DATA_MIB) * MIB)
    layout = (
        "label: dos\nlabel-id: 0x1a2b3c4d\nunit: sectors\n"
        f"start={FIRST_MIB * 2048}, size={BOOT_MIB * 2048}, type=c, bootable\n"
        f"start={(FIRST_MIB + BOOT_MIB) * 2048}, size={ROOT_MIB * 2048}, type=83\n"
        f"start={(FIRST_MIB + BOOT_MIB + ROOT_MIB) * 2048}, size={DATA_MIB * 2048}, type=83\n"
    )
    subprocess.run(["sfdisk", "--quiet", str(image)], input=layout, text=True, check=True, timeout=60)
    run("dd", f"if={data_img}", f"of={image}", "bs=1M", f"seek={FIRST_MIB + BOOT_MIB + ROOT_MIB}", "conv=notrunc,sparse", "status=none")
    with image.open("r+b") as file:
        file.truncate(CARD_MIB * MIB)
    return image


def test_the_data_partition_is_grown_to_the_end_of_the_card_and_the_others_kept(tmp_path):
    image = flashed_image(tmp_path)
    before = partitions(image)
    run("sh", SCRIPT, "partition", image, "3")
    after = partitions(image)
    assert after[:2] == before[:2]
    assert after[2]["start"] == before[2]["start"]
    assert after[2]["type"] == "83"
    assert int(after[2]["start"]) + int(after[2]["size"]) == CARD_MIB * MIB // SECTOR
    # The partitions keep their PARTUUIDs (the disk's identifier), by which fstab and cmdline.txt name them.
    assert json.loads(run("sfdisk", "--json", image))["partitiontable"]["id"] == "0x1a2b3c4d"
    # Cut off before the file system was grown, the next start grows the partition again: no change.
    run("sh", SCRIPT, "partition", image, "3")
    assert partitions(image) == after


def block_count_and_size(device: Path) -> tuple[int, int]:
    fields = dict(
        line.split(":", 1) for line in run("dumpe2fs", "-h", device).splitlines() if ":" in line
    )
    return int(fields["Block count"]), int(fields["Block size"])


def test_the_file_system_then_fills_the_grown_partition_and_keeps_the_saved_games(tmp_path):
    image = flashed_image(tmp_path)
    run("sh", SCRIPT, "partition", image, "3")
    start, size = (int(partitions(image)[2][key]) for key in ("start", "size"))
    partition = tmp_path / "partition.img"
    run("dd", f"if={image}", f"of={partition}", f"bs={SECTOR}", f"skip={start}", f"count={size}", "conv=sparse", "status=none")
    with partition.open("r+b") as file:
        file.truncate(size * SECTOR)
    blocks, block_size = block_count_and_size(partition)
    assert blocks * block_size == DATA_MIB * MIB

    # resize2fs grows an unmounted file system only once it is checked; on the card it is mounted.
    run("e2fsck", "-f", "-n", partition)
    run("sh", SCRIPT, "filesystem", partition)
    blocks, block_size = block_count_and_size(partition)
    assert blocks * block_size == size * SECTOR
    run("e2fsck", "-f", "-n", partition)
    run("sh", SCRIPT, "filesystem", partition)   # a second start changes nothing
    assert block_count_and_size(partition) == (blocks, block_size)
    assert run("debugfs", "-R", "cat /saved-game.json", partition) == '{"game": "kept"}\n'
