"""The static imports of ES modules, found by tokenizing them (not by a regex over the text).

A regex cannot tell an import statement from the same words inside a string, a
comment, a template literal or a regular expression literal; a tokenizer that
knows where each of those begins and ends can. This is the small part of
JavaScript's lexical grammar the question needs:

- comments (`//`, `/* */`), strings (`'`, `"`), template literals (with
  `${...}` nesting, whose inside is code again), regular expression literals
  (with classes `[...]`, where `/` does not end them), numbers, names and
  punctuators;
- a `/` starts a regular expression unless the token before it ends an
  expression (a name that is not a keyword like `return`, a number, a string,
  `)` or `]`). A `}` counts as ending a block (so `}` then `/x/` reads as a
  regex), the usual choice of small lexers; a division right after an object
  literal's `}` would be misread, and no module of this site writes one.

Then `import ... from "x"`, `import "x"` and `export ... from "x"` at any
place give the static specifiers; `import("x")` (dynamic) and `import.meta`
are not static imports.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

#: Words after which a `/` starts a regular expression, not a division.
_REGEX_AFTER_WORDS = frozenset(
    {"return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case"}
    | {"do", "else", "yield", "await"}
)
#: Longest first, so `>>>=` is read as one punctuator, not `>>` then `>=`.
_PUNCTUATORS = sorted(
    (
        *(">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??="),
        *("??", "?.", "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^="),
        *("=>", "==", "!=", "<=", ">=", "<<", ">>", "**"),
        *("{", "}", "(", ")", "[", "]", ";", ",", "<", ">", "+", "-", "*", "/", "%", "&", "|"),
        *("^", "!", "~", "?", ":", "=", ".", "@", "#"),
    ),
    key=len,
    reverse=True,
)


class JsSyntaxError(ValueError):
    """The source ends inside a string, comment, template or regular expression."""


@dataclass(frozen=True)
class Token:
    kind: str  # "name" | "string" | "template" | "regex" | "number" | "punct"
    text: str  # the source text (for strings: the value, quotes and escapes removed)


def _is_name_char(char: str) -> bool:
    return char.isalnum() or char in "_$" or ord(char) > 127


def _ends_expression(previous: Token | None) -> bool:
    if previous is None:
        return False
    if previous.kind == "name":
        return previous.text not in _REGEX_AFTER_WORDS
    if previous.kind in ("number", "string", "template", "regex"):
        return True
    return previous.kind == "punct" and previous.text in (")", "]")


class _Lexer:
    def __init__(self, source: str) -> None:
        self.src = source
        self.pos = 0
        self.tokens: list[Token] = []
        #: for each open `{`: True when it opened a template's `${`
        self.braces: list[bool] = []

    def fail(self, what: str) -> JsSyntaxError:
        line = self.src.count("\n", 0, self.pos) + 1
        return JsSyntaxError(f"{what} not closed (line {line})")

    def run(self) -> list[Token]:
        src = self.src
        while self.pos < len(src):
            char = src[self.pos]
            if char.isspace():
                self.pos += 1
            elif src.startswith("//", self.pos):
                end = src.find("\n", self.pos)
                self.pos = len(src) if end < 0 else end
            elif src.startswith("/*", self.pos):
                end = src.find("*/", self.pos + 2)
                if end < 0:
                    raise self.fail("comment")
                self.pos = end + 2
            elif char in "'\"":
                self.string(char)
            elif char == "`":
                self.pos += 1
                self.template()
            elif char == "}" and self.braces and self.braces[-1]:
                self.braces.pop()  # the end of a template's `${...}`: the template goes on
                self.pos += 1
                self.template()
            elif char == "/" and not _ends_expression(self.tokens[-1] if self.tokens else None):
                self.regex()
            elif char.isdigit() or (char == "." and src[self.pos + 1 : self.pos + 2].isdigit()):
                self.number()
            elif _is_name_char(char):
                start = self.pos
                while self.pos < len(src) and _is_name_char(src[self.pos]):
                    self.pos += 1
                self.tokens.append(Token("name", src[start : self.pos]))
            else:
                self.punct()
        if self.braces:
            raise self.fail("brace or template")
        return self.tokens

    def string(self, quote: str) -> None:
        src = self.src
        self.pos += 1
        value: list[str] = []
        while True:
            if self.pos >= len(src) or src[self.pos] == "\n":
                raise self.fail("string")
            char = src[self.pos]
            if char == quote:
                self.pos += 1
                break
            if char == "\\":
                value.append(src[self.pos + 1 : self.pos + 2])
                self.pos += 2
                continue
            value.append(char)
            self.pos += 1
        self.tokens.append(Token("string", "".join(value)))

    def template(self) -> None:
        """From just inside a template (after ` or a `${}`'s `}`) to its end or next `${`."""
        src = self.src
        start = self.pos
        while True:
            if self.pos >= len(src):
                raise self.fail("template literal")
            char = src[self.pos]
            if char == "\\":
                self.pos += 2
            elif char == "`":
                self.pos += 1
                self.tokens.append(Token("template", src[start : self.pos - 1]))
                return
            elif src.startswith("${", self.pos):
                self.pos += 2
                self.tokens.append(Token("template", src[start : self.pos - 2]))
                self.braces.append(True)
                return
            else:
                self.pos += 1

    def regex(self) -> None:
        src = self.src
        start = self.pos
        self.pos += 1
        in_class = False
        while True:
            if self.pos >= len(src) or src[self.pos] == "\n":
                raise self.fail("regular expression")
            char = src[self.pos]
            self.pos += 1
            if char == "\\":
                self.pos += 1
            elif char == "[":
                in_class = True
            elif char == "]":
                in_class = False
            elif char == "/" and not in_class:
                break
        while self.pos < len(src) and _is_name_char(src[self.pos]):
            self.pos += 1  # flags
        self.tokens.append(Token("regex", src[start : self.pos]))

    def number(self) -> None:
        src = self.src
        start = self.pos
        while self.pos < len(src) and (_is_name_char(src[self.pos]) or src[self.pos] == "."):
            self.pos += 1
        self.tokens.append(Token("number", src[start : self.pos]))

    def punct(self) -> None:
        for punct in _PUNCTUATORS:
            if self.src.startswith(punct, self.pos):
                if punct == "{":
                    self.braces.append(False)
                elif punct == "}" and self.braces:
                    self.braces.pop()
                self.pos += len(punct)
                self.tokens.append(Token("punct", punct))
                return
        raise JsSyntaxError(f"unexpected character {self.src[self.pos]!r} at {self.pos}")


def tokenize(source: str) -> list[Token]:
    """The tokens of an ES module's source (comments and white space dropped)."""
    return _Lexer(source).run()


def _string_after_from(tokens: list[Token], position: int) -> str | None:
    """The string of `from "x"` when it starts at `position`, else None."""
    if position + 1 >= len(tokens):
        return None
    keyword, specifier = tokens[position], tokens[position + 1]
    if keyword.kind == "name" and keyword.text == "from" and specifier.kind == "string":
        return specifier.text
    return None


def _after_braces(tokens: list[Token], position: int) -> int:
    """The index just past the `}` that closes the `{` at `position`."""
    depth = 0
    for index in range(position, len(tokens)):
        token = tokens[index]
        if token.kind == "punct" and token.text == "{":
            depth += 1
        elif token.kind == "punct" and token.text == "}":
            depth -= 1
            if depth == 0:
                return index + 1
    return len(tokens)


def _import_clause(tokens: list[Token], position: int) -> str | None:
    """`import` has just been read: its bindings, then `from "x"` (default, * as ns, {...})."""
    while position < len(tokens):
        token = tokens[position]
        if token.kind == "punct" and token.text == "{":
            position = _after_braces(tokens, position)
        elif token.kind == "name" and token.text == "from":
            return _string_after_from(tokens, position)
        elif token.kind == "name" or (token.kind == "punct" and token.text in ("*", ",")):
            position += 1
        else:
            return None
    return None


def _export_clause(tokens: list[Token], position: int) -> str | None:
    """`export` has just been read: `* from "x"`, `* as ns from "x"` or `{...} from "x"`."""
    token = tokens[position]
    if token.kind == "punct" and token.text == "{":
        return _string_after_from(tokens, _after_braces(tokens, position))
    if token.kind == "punct" and token.text == "*":
        position += 1
        if position + 1 < len(tokens) and tokens[position].text == "as":
            position += 2
        return _string_after_from(tokens, position)
    return None  # export const / function / default ...: nothing imported


def static_imports(source: str) -> list[str]:
    """The specifiers of `source`'s static imports and re-exports, in order."""
    tokens = tokenize(source)
    found: list[str] = []
    for index, token in enumerate(tokens[:-1]):
        if token.kind != "name" or token.text not in ("import", "export"):
            continue
        before = tokens[index - 1] if index else None
        if before is not None and before.kind == "punct" and before.text in (".", "?."):
            continue  # a property called import or export
        following = tokens[index + 1]
        if token.text == "export":
            specifier = _export_clause(tokens, index + 1)
        elif following.kind == "string":
            specifier = following.text  # import "x";
        elif following.kind == "punct" and following.text in ("(", "."):
            continue  # import("x") is dynamic; import.meta is not an import
        else:
            specifier = _import_clause(tokens, index + 1)
        if specifier is not None:
            found.append(specifier)
    return found


def module_graph(entry: Path) -> list[Path]:
    """The ES modules `entry` imports, directly or not (static relative imports only)."""
    seen: list[Path] = []
    todo = [entry]
    while todo:
        module = todo.pop()
        for spec in static_imports(module.read_text(encoding="utf-8")):
            if not spec.startswith(("./", "../")):
                continue
            target = (module.parent / spec).resolve()
            if target not in seen and target.is_file():
                seen.append(target)
                todo.append(target)
    return seen
