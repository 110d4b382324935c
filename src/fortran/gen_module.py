#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Writes the Fortran 2008 module `ompbatch` from the C header, its one source of truth.

    gen_module.py include/ompbatch/ompbatch.h ompbatch.f90

Every C function becomes a bind(c) interface of the same name; every enumerator and the
OMPBATCH_VERSION_* macros become integer(c_int) parameters. Argument kinds, by C type:
  ompbHandle_t h                 type(c_ptr), value          (ompbHandle_t *h: intent(out))
  int / long long / enum x       integer(c_int / c_long_long), value
  char x                         character(kind=c_char), value
  T *x, const T *x               T :: x(*)   (a host or device array; alpha: a scalar;
                                 pivots, and getrf's info, optional: absent is NULL)
  T *const X[]                   type(c_ptr) :: X(*)  (the pointer array, c_loc of each matrix)
  int *info, int *width, ...     integer(c_int), intent(out) :: x  (a single host value)
Any other C type stops the generator, so a new routine in the header cannot be skipped.
"""
import re
import sys

VALUE_TYPES = {
    "int": "integer(c_int)",
    "long long": "integer(c_long_long)",
    "char": "character(kind=c_char)",
}
ELEMENT_TYPES = {
    "float": "real(c_float)",
    "double": "real(c_double)",
    "ompbComplex": "complex(c_float_complex)",
    "ompbDoubleComplex": "complex(c_double_complex)",
    "int": "integer(c_int)",
}
# Pointer arguments that are one host value, not an array.
SCALAR_POINTERS = {"info", "width", "device", "backend", "space", "handle", "alpha"}
# Arrays the C API takes as NULL (no pivoting; getrf's info without pivoting): optional
# arguments, passed as NULL when absent (Fortran 2018's interoperable optional arguments).
NULLABLE = {"PivotArray", "devIpiv", "ipiv", "getrf infoArray"}
# C argument names that are Fortran keywords a reader would trip over.
RENAMES = {"type": "prec"}


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def enums(text):
    out = []
    for body, name in re.findall(r"typedef\s+enum\s*\{(.*?)\}\s*(\w+)\s*;", text, flags=re.S):
        for item in body.split(","):
            m = re.fullmatch(r"\s*(\w+)\s*=\s*(\d+)\s*", item)
            if not m:
                sys.exit(f"gen_module.py: enumerator without a value in {name}: {item!r}")
            out.append((name, m.group(1), m.group(2)))
    return out


def declaration(function, arg, enum_names):
    """(Fortran name, declaration) of one C argument."""
    arg = " ".join(arg.split())
    m = re.fullmatch(r"(const )?([\w ]+?) \*const (\w+)\[\]", arg)
    if m:  # pointer array
        return m.group(3), "type(c_ptr), intent(in) :: {0}(*)"
    m = re.fullmatch(r"(const )?([\w ]+?) ?\*(\w+)", arg)
    if m:
        const, ctype, name = m.groups()
        intent = "intent(in)" if const else ("intent(out)" if name in SCALAR_POINTERS else None)
        if ctype == "ompbHandle_t":
            return name, "type(c_ptr), intent(out) :: {0}"
        if ctype in enum_names:
            return name, "integer(c_int), intent(out) :: {0}"
        if ctype not in ELEMENT_TYPES:
            sys.exit(f"gen_module.py: no Fortran kind for pointer argument {arg!r}")
        decl = ELEMENT_TYPES[ctype] + (f", {intent}" if intent else "")
        nullable = name in NULLABLE or ("getrf" in function and f"getrf {name}" in NULLABLE)
        decl += (", optional" if nullable else "") + " :: {0}"
        return name, decl if name in SCALAR_POINTERS else decl + "(*)"
    m = re.fullmatch(r"([\w ]+?) (\w+)", arg)
    if m:
        ctype, name = m.groups()
        if ctype == "ompbHandle_t":
            return name, "type(c_ptr), value :: {0}"
        if ctype in enum_names or ctype == "ompbStatus_t":
            return name, "integer(c_int), value :: {0}"
        if ctype in VALUE_TYPES:
            return name, VALUE_TYPES[ctype] + ", value :: {0}"
    sys.exit(f"gen_module.py: no Fortran kind for argument {arg!r}")


def wrap(head, items, tail, indent):
    """head(item, item, ...)tail over lines of at most 100 characters."""
    lines, line = [], head + "("
    for k, item in enumerate(items):
        piece = item + (", " if k + 1 < len(items) else ")" + tail)
        if len(line) + len(piece) > 96:
            lines.append(line.rstrip() + " &")
            line = indent + "    & "
        line += piece
    if not items:
        line += ")" + tail
    lines.append(line)
    return lines


def interfaces(text, enum_names):
    out, count = [], 0
    returns = {"ompbStatus_t": "integer(c_int)", "const char *": "type(c_ptr)", "int": "integer(c_int)"}
    for ret, name, args in re.findall(r"(ompbStatus_t|const char \*|int)\s*(ompb\w+)\s*\(([^)]*)\)\s*;",
                                      text):
        args = [a for a in (x.strip() for x in args.split(",")) if a and a != "void"]
        decls = [declaration(name, a, enum_names) for a in args]
        names = [RENAMES.get(n, n) for n, _ in decls]
        out += wrap(f"    function {name}", names, f" bind(c, name='{name}')", "    ")
        out.append("      import")
        out += [f"      {d.format(n)}" for n, (_, d) in zip(names, decls)]
        out.append(f"      {returns[ret]} :: {name}")
        out.append(f"    end function {name}")
        count += 1
    return out, count


def main():
    header, target = sys.argv[1], sys.argv[2]
    text = strip_comments(open(header).read())
    values = enums(text)
    enum_names = {name for name, _, _ in values}
    version = re.findall(r"#define (OMPBATCH_VERSION_\w+) (\d+)", text)
    body, count = interfaces(text, enum_names)
    declared = len(re.findall(r"\bompb\w+\s*\(", text))
    if count != declared:
        sys.exit(f"gen_module.py: {declared} functions in {header}, {count} understood")
    lines = [
        "! SPDX-License-Identifier: BSD-3-Clause",
        "! Generated from include/ompbatch/ompbatch.h by src/fortran/gen_module.py: do not edit.",
        "!> The ompbatch C API for Fortran 2008: one bind(c) interface per C function (same name,",
        "!> same arguments), the status and option values, and ompb_string for the C strings.",
        "module ompbatch",
        "  use, intrinsic :: iso_c_binding",
        "  implicit none",
    ]
    lines += [f"  integer(c_int), parameter :: {n} = {v}" for n, v in version]
    for enum, name, value in values:
        lines.append(f"  integer(c_int), parameter :: {name} = {value}  ! {enum}")
    lines += ["", "  interface"] + body + [
        "  end interface",
        "",
        "contains",
        "",
        "  !> The Fortran string of a C string the library returns (ompbGetStatusName,",
        "  !> ompbGetStatusString, ompbGetLastErrorMessage); '' for a null pointer.",
        "  function ompb_string(p) result(s)",
        "    type(c_ptr), intent(in) :: p",
        "    character(len=:), allocatable :: s",
        "    character(kind=c_char), pointer :: chars(:)",
        "    integer :: k, length",
        "    s = ''",
        "    if (.not. c_associated(p)) return",
        "    call c_f_pointer(p, chars, [huge(0)])",
        "    length = 0",
        "    do while (chars(length + 1) /= c_null_char)",
        "      length = length + 1",
        "    end do",
        "    s = repeat(' ', length)",
        "    do k = 1, length",
        "      s(k:k) = chars(k)",
        "    end do",
        "  end function ompb_string",
        "end module ompbatch",
    ]
    with open(target, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
