#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# A read-only FUSE file system that shows folder SOURCE at MOUNTPOINT and fails every read
# past the middle of a file whose name holds "faulty" with EIO: a card with a bad sector.
# Runs in the foreground until unmounted (umount MOUNTPOINT). Needs root (or fusermount)
# and python3-fusepy.
import errno
import os
import sys

try:
    from fusepy import FUSE, FuseOSError, Operations  # Debian's name for it
except ImportError:
    from fuse import FUSE, FuseOSError, Operations


class Faulty(Operations):
    def __init__(self, source):
        self.source = source

    def _path(self, path):
        return os.path.join(self.source, path.lstrip("/"))

    def getattr(self, path, fh=None):
        st = os.lstat(self._path(path))
        keys = ("st_mode", "st_nlink", "st_size", "st_uid", "st_gid", "st_atime", "st_mtime", "st_ctime")
        attributes = {key: getattr(st, key) for key in keys}
        attributes["st_mode"] &= ~0o222  # read-only, as a card locked by its switch
        return attributes

    def readdir(self, path, fh):
        return [".", ".."] + os.listdir(self._path(path))

    def open(self, path, flags):
        if flags & (os.O_WRONLY | os.O_RDWR):
            raise FuseOSError(errno.EROFS)
        return os.open(self._path(path), os.O_RDONLY)

    def read(self, path, size, offset, fh):
        if "faulty" in os.path.basename(path) and offset + size > os.fstat(fh).st_size // 2:
            raise FuseOSError(errno.EIO)
        os.lseek(fh, offset, os.SEEK_SET)
        return os.read(fh, size)

    def release(self, path, fh):
        os.close(fh)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: faulty-fs.py SOURCE MOUNTPOINT")
    FUSE(Faulty(sys.argv[1]), sys.argv[2], foreground=True, ro=True, nothreads=True)
