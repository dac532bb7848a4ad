# Build and test targets; `./dev <target>` installs what they need first.
SPHINXBUILD ?= sphinx-build
SPHINXOPTS ?= -W --keep-going -n -q
PYTHON ?= python
BUILD ?= _build
# The languages: English (the source), then every language the engine has a catalogue for
# (nqcore/locale/<lang>/, nqcore/i18n.py; an "en" one is no other language); a translated build
# gets its language and its tag.
ENGINE_CATALOGUES := $(wildcard nqcore/locale/*/LC_MESSAGES/nqcore.po)
LANGUAGES := en $(filter-out en,$(sort $(patsubst nqcore/locale/%/LC_MESSAGES/nqcore.po,%,$(ENGINE_CATALOGUES))))
# A language code is letters and '_' only (fr, pt_BR): it is given to the shell in the recipes.
LANG_CHARS := a b c d e f g h i j k l m n o p q r s t u v w x y z \
	A B C D E F G H I J K L M N O P Q R S T U V W X Y Z _
strip_chars = $(if $(2),$(call strip_chars,$(subst $(firstword $(2)),,$(1)),$(wordlist 2,99,$(2))),$(1))
BAD_LANGUAGES := $(strip $(foreach lang,$(LANGUAGES),$(if $(call strip_chars,$(lang),$(LANG_CHARS)),$(lang))))
$(if $(BAD_LANGUAGES),$(error Refused input: language code(s) not letters and _ (nqcore/locale/<lang>/): $(BAD_LANGUAGES)))
# Then the form of a code (nqcore/i18n.py, LANGUAGE_CODE): two or three small letters, and a
# country's two capitals after _ (fr, pt_BR); `_engine` named the site's engine folder. Letters
# and _ only by now, so the shell is given nothing else.
MISNAMED_LANGUAGES := $(strip $(shell printf '%s\n' $(LANGUAGES) | LC_ALL=C grep -Ev '^[a-z]{2,3}(_[A-Z]{2})?$$'))
$(if $(MISNAMED_LANGUAGES),$(error Refused input: nqcore/locale/$(firstword $(MISNAMED_LANGUAGES))/LC_MESSAGES/nqcore.po: language code(s) not two or three small letters and an optional _XX (fr, pt_BR): $(MISNAMED_LANGUAGES)))
LANG_OPTS = $(if $(filter-out en,$*),-D language=$* -t $*)
# The print editions (PDF, EPUB) are the players' book: the tag leaves out the editors' pages and
# columns (nqsphinx/books/editions.py). The site links the PDFs that $(BUILD)/pdf holds when it is built,
# and carries a copy of each (nqsphinx/site/downloads.py).
PRINT := -t print
SITE := -D nq_print_pdfs=$(BUILD)/pdf

PER_LANGUAGE := $(foreach lang,$(LANGUAGES),html-$(lang) pdf-$(lang) pdf-$(lang)-letter \
	epub-$(lang) print-$(lang))
.PHONY: verify-examples all html pdf pdf-letter epub print $(PER_LANGUAGE) doctest gettext \
	update-po tidy-po translation-status test test-fast lint clean \
	bench proof live

all: html pdf pdf-letter epub print

# In `make all` (the default goal), the PDFs come first, so that the sites link them.
$(addprefix $(BUILD)/.stamps/html-,$(LANGUAGES)): | $(if $(filter all,$(or $(MAKECMDGOALS),all)),pdf pdf-letter print)

html: $(BUILD)/html/noquarter-html.zip

# Each site's files as its build left them (nqsphinx/site/output_audit.py, also run by every
# Sphinx build as it finishes), before the worker lists them and the archive packs them.
# The languages' builds are put in place together, once all of them have built (a failed one
# leaves every site as the last good `make html` left it).
$(BUILD)/html/noquarter-html.zip: $(addprefix $(BUILD)/.stamps/html-,$(LANGUAGES))
	$(foreach lang,$(LANGUAGES),$(call PLACE_SITE,$(lang)) &&) true
	$(FINISH_SITES)

# What follows the placing of the sites: the audit, the root page with the service worker (sw.js)
# and the offline archive, each made from the sites in place. `make html-en` runs it too, once
# every language has a site (else a reader offline kept the previous build's pages); while one has
# none, it removes the archive and the worker, which `make html` makes again.
FINISH_SITES = $(PYTHON) -m nqsphinx.site.output_audit $(BUILD)/html $(BUILD)/doctrees && \
	$(PYTHON) -m nqsphinx.site.root_page $(BUILD)/html && \
	$(PYTHON) -m nqsphinx.site.archive $(BUILD)/html
EVERY_SITE = $(foreach lang,$(LANGUAGES),test -f $(BUILD)/html/$(lang)/index.html &&) true
STALE_OFFLINE = for stale in $(BUILD)/html/noquarter-html.zip $(BUILD)/html/sw.js; do \
	if [ -e "$$stale" ]; then rm -f "$$stale" && echo "removed $$stale: it held the previous \
	build's pages (\`make html\` makes it once every language has a site)"; fi; done

# What the build reads: a site (and the examples) is rebuilt only when one of these is newer than
# its stamp, so that a build with nothing changed does nothing. Sphinx's compiled catalogues
# (.mo, written during the build) and Python's caches are not inputs.
# The header search copies MiniSearch as tools/search/package-lock.json pins it.
INPUT_DIRS := docs locale nqsphinx nqcompanion nqtranslate nqcore nqprint
INPUT_FILES := conf.py pyproject.toml constraints.txt Makefile $(wildcard tools/search/package-lock.json)
INPUTS := $(shell find $(INPUT_DIRS) -type f -not -name '*.mo' -not -name '*.pyc' \
	-not -path '*/_build/*') $(INPUT_FILES)
EXAMPLES_OK := $(BUILD)/.stamps/examples
# The recipes give file names to the shell unquoted (the examples' pages, the languages): a name
# with any other character than these (a backtick, '$', ';', a space...) could run a command, so
# every file and folder under the input folders is checked, before any recipe runs.
# Named with each byte that is not printable ASCII as "?": a name's escapes are refused, never
# sent to the terminal that reads the refusal (attack round twenty-two).
UNSAFE_NAMES := $(shell LC_ALL=C find $(INPUT_DIRS) -name '*[!A-Za-z0-9._+-]*' -print \
	| LC_ALL=C tr -c '[:print:]\n' '?')
$(if $(UNSAFE_NAMES),$(error Refused input: file name(s) with characters other than letters, \
	digits and . _ - + (a name is given to the shell): $(UNSAFE_NAMES)))
# A symbolic link in the checkout may point anywhere on the build machine (/etc/passwd, /etc):
# a build reads more than the input folders (a terminal session of the nq page reads a file named
# relative to the checkout, tools/ holds the vendored packages), so every file and folder is
# checked, tracked or not, but git's data, the virtual environment, the build's output, the
# checkers' caches (at the top only) and npm's command links (node_modules/.bin: no build reads).
CHECKOUT_FILES := find . -mindepth 1 \( -path ./.git -o -path ./.venv -o -path './$(BUILD)' \
	-o -path './.*_cache' -o -path ./.hypothesis -o -path '*/node_modules/.bin' \) -prune -o
SYMLINKS := $(shell $(CHECKOUT_FILES) -type l -printf '%P (to %l) ')
$(if $(SYMLINKS),$(error Refused input, nothing built: symbolic link(s), which may point \
	outside the project: $(SYMLINKS)))
# A file with another name (a hard link: `ln /home/me/secret.txt docs/_static/notes.txt`) is the
# same file as that name, which may be outside the project.
HARDLINKS := $(shell $(CHECKOUT_FILES) -type f -links +1 -printf '%P ')
$(if $(HARDLINKS),$(error Refused input, nothing built: hard link(s), a file with another name \
	that may be outside the project: $(HARDLINKS)))
# The names of the inputs, a file rewritten when one is added or deleted: make compares the times
# of the files that exist, and a deleted input (a catalogue taken back) left its output as it was.
INPUT_LIST := $(BUILD)/.stamps/inputs
$(shell mkdir -p $(BUILD)/.stamps && { find $(INPUT_DIRS) -type f -not -name '*.mo' \
	-not -name '*.pyc' -not -path '*/_build/*'; ls -d $(INPUT_FILES); } | LC_ALL=C sort \
	> $(INPUT_LIST).new && { cmp -s $(INPUT_LIST).new $(INPUT_LIST) \
	|| mv $(INPUT_LIST).new $(INPUT_LIST); } ; rm -f $(INPUT_LIST).new)
INPUTS += $(INPUT_LIST)

# Every worked example of the book is run against the engine before anything is published: after
# an edit of pages only, the examples of those pages; after an edit of the pages' translations
# only (locale/: Sphinx alone reads them, the examples run the English pages), none; after any
# other change, all of them; pages with no example are no failure (pytest's exit 5, "no tests
# ran"). The examples use no Hypothesis: its pytest plugin (half a second of
# imports) is left out.
verify-examples: $(EXAMPLES_OK)

EXAMPLES_TO_RUN = $(or $(if $(filter-out docs/%.md locale/%,$?),docs),$(filter docs/%.md,$?))

# The examples are code from the pages: they run in a sandbox (bubblewrap) as
# nqsphinx/sandbox.py's: every namespace new (no network; a PID namespace, its own /proc), a new
# session (no terminal to push keystrokes into), no capability; read-only, only the system's
# libraries (/usr), the interpreter's folders (PYTHON's virtual environment and installation) and
# the project; an empty /tmp; stdin /dev/null. So an example can neither change a page before
# Sphinx reads it, read the build machine's other files, nor send anything away. Without a
# working bwrap they run as they are, with a warning.
BWRAP ?= bwrap
PYTHON_FOUND := $(shell command -v $(PYTHON))
SANDBOX_FOLDERS := $(sort $(CURDIR) $(foreach p,$(PYTHON_FOUND),$(abspath $(dir $(p)).. \
	$(dir $(realpath $(p)))..)))
SANDBOX_ROOT := $(shell for n in bin sbin lib lib64 lib32 libx32; do if [ -L /$$n ]; then \
	printf -- '--symlink %s /%s ' "$$(readlink /$$n)" $$n; elif [ -d /$$n ]; then \
	printf -- '--ro-bind /%s /%s ' $$n $$n; fi; done)
# The environment's variables it sees, as nqsphinx/sandbox.py's KEPT_VARIABLES (not a CI job's
# tokens); its home is its empty /tmp.
SANDBOX_ENV := --clearenv --setenv HOME /tmp $(foreach v,$(filter PATH LANG LANGUAGE TZ \
	SOURCE_DATE_EPOCH LC_% PYTHON% NQ_%,$(.VARIABLES)),$(if $(filter environment%,$(origin \
	$(v))),--setenv $(v) "$$$(v)"))
SANDBOX_ARGS := --unshare-all --new-session --die-with-parent --cap-drop ALL $(SANDBOX_ENV) --setenv NQ_IN_SANDBOX 1 \
	--ro-bind /usr /usr \
	$(SANDBOX_ROOT) --ro-bind-try /etc/ld.so.cache /etc/ld.so.cache --proc /proc --dev /dev \
	--tmpfs /tmp $(foreach d,$(SANDBOX_FOLDERS),--ro-bind '$(d)' '$(d)') --chdir '$(CURDIR)' --
# A sandboxed run is ended after SANDBOX_SECONDS (an example is ended after 20 s, naming its
# page: nqsphinx/example_limit.py; this limit ends code that silences that alarm).
SANDBOX_SECONDS ?= 120
# And its memory to SANDBOX_KB of address space (2 GiB; nqsphinx/sandbox.py's MEMORY_BYTES): a
# page's example allocating more fails with a MemoryError at its line (attacker round 27: one
# took 4 GB of the build machine's memory, unchecked).
SANDBOX_KB ?= 2097152
SANDBOXED = if $(BWRAP) $(SANDBOX_ARGS) true 2>/dev/null; then set -- $(BWRAP) $(SANDBOX_ARGS); \
	else echo "warning: no working bwrap (bubblewrap): the worked examples run unsandboxed" >&2; \
	set --; fi; ulimit -v $(SANDBOX_KB); </dev/null timeout --foreground -k 5 $(SANDBOX_SECONDS) "$$@"
# After a sandboxed command failed: its status in s, and one line if the time limit ended it.
SANDBOX_FAILED = s=$$?; if [ $$s -eq 124 ] || [ $$s -eq 137 ]; then echo "error: $(1) still \
	ran after $(SANDBOX_SECONDS) s, stopped (does the code of a page end?)" >&2; fi

# pytest's configuration named: never one found in docs/ (a .pytest.ini there ran a zip's code
# before any plugin), no conftest.py, no test*.txt doctest file (nqsphinx/page_examples.py).
PAGES_INI = -c pyproject.toml --rootdir . --noconftest -p no:doctest

$(EXAMPLES_OK): $(INPUTS)
	$(if $(EXAMPLES_TO_RUN),$(SANDBOXED) $(PYTHON) -m pytest $(EXAMPLES_TO_RUN) $(PAGES_INI) \
		-q --no-header -p no:cacheprovider -p no:hypothesispytest -o addopts= --tb=short \
		-p nqsphinx.example_limit -p nqsphinx.page_examples || { $(call SANDBOX_FAILED,the worked examples of \
		$(EXAMPLES_TO_RUN)); [ $$s -eq 5 ]; })
	@mkdir -p $(@D) && touch $@

# Each site is built when an input (or a PDF it links) is newer than its stamp, into a copy of
# its last build, held there (nqsphinx/site/staged_build.py) and put in place by `make html-en`,
# or by `make html` once every language has built: a failed build publishes nothing. The
# arguments of one language's sphinx-build ($(call HTML_ARGS,fr)), also those of `make live`'s
# applications.
HTML_ARGS = $(SPHINXOPTS) -b html $(SITE) -c . -d $(BUILD)/doctrees/$(1) \
	$(if $(filter-out en,$(1)),-D language=$(1) -t $(1)) docs $(BUILD)/html/$(1)
PLACE_SITE = $(PYTHON) -m nqsphinx.site.staged_build --place $(BUILD)/html/$(1) \
	$(BUILD)/doctrees/$(1)
$(addprefix html-,$(LANGUAGES)): html-%: $(BUILD)/.stamps/html-%
	$(call PLACE_SITE,$*)
	if $(EVERY_SITE); then $(FINISH_SITES); else $(STALE_OFFLINE); fi

$(BUILD)/.stamps/html-%: $(EXAMPLES_OK) $(INPUTS) $(wildcard $(BUILD)/pdf/*.pdf)
	$(PYTHON) -m nqsphinx.site.staged_build --hold $(BUILD)/html/$* $(BUILD)/doctrees/$* -- \
		$(SPHINXBUILD) $(call HTML_ARGS,$*)
	@mkdir -p $(@D) && touch $@

# The resident builder: `make html` again after every save, in about a second (both sites, the
# changed pages' examples, root page, archive); a change but a page or its catalogue restarts it.
# `make live LIVE_ARGS="--serve 8000"` also serves $(BUILD)/html on http://127.0.0.1:8000/.
live:
	$(PYTHON) -m nqsphinx.site.live $(BUILD)/html --watch "$(INPUT_DIRS) $(INPUT_FILES)" \
		$(foreach lang,$(LANGUAGES),--site="$(strip $(call HTML_ARGS,$(lang)))") $(LIVE_ARGS)

pdf: $(addprefix pdf-,$(LANGUAGES))

$(addprefix pdf-,$(LANGUAGES)): pdf-%: verify-examples
	$(SPHINXBUILD) $(SPHINXOPTS) -b latex $(PRINT) -c . -d $(BUILD)/doctrees/latex-$* $(LANG_OPTS) docs $(BUILD)/latex/$*
	$(PYTHON) -m nqprint.tex_sandbox $(BUILD)/latex/$* >/dev/null
	mkdir -p $(BUILD)/pdf && cp $(BUILD)/latex/$*/noquarter.pdf $(BUILD)/pdf/noquarter-$*.pdf

# The rulebooks on US Letter: the same book, laid out again for the paper
# (noquarter-<lang>-letter.pdf).
LETTER := -D latex_elements.papersize=letterpaper
LETTER_PDFS := $(addsuffix -letter,$(addprefix pdf-,$(LANGUAGES)))
pdf-letter: $(LETTER_PDFS)

$(LETTER_PDFS): pdf-%-letter: verify-examples
	$(SPHINXBUILD) $(SPHINXOPTS) -b latex $(PRINT) $(LETTER) -c . -d $(BUILD)/doctrees/latex-$*-letter $(LANG_OPTS) docs $(BUILD)/latex/$*-letter
	$(PYTHON) -m nqprint.tex_sandbox $(BUILD)/latex/$*-letter >/dev/null
	mkdir -p $(BUILD)/pdf && cp $(BUILD)/latex/$*-letter/noquarter.pdf $(BUILD)/pdf/noquarter-$*-letter.pdf

# E-books (EPUB 3) of the same sources: cover, metadata and accessibility from nqsphinx.books.epub.
epub: $(addprefix epub-,$(LANGUAGES))

$(addprefix epub-,$(LANGUAGES)): epub-%: verify-examples
	$(SPHINXBUILD) $(SPHINXOPTS) -b epub $(PRINT) -c . -d $(BUILD)/doctrees/epub-$* $(LANG_OPTS) docs $(BUILD)/epub/$*
	cp $(BUILD)/epub/$*/noquarter.epub $(BUILD)/epub/noquarter-$*.epub

# Print products from the engine: quick-reference sheet, spell cards, templates at true scale, on
# A4 and US Letter. The quick reference prints the rulebook's pages, read from the rulebooks'
# LaTeX (noquarter.aux): the rulebooks of its language are built first.
print: $(addprefix print-,$(LANGUAGES))

$(addprefix print-,$(LANGUAGES)): print-%: verify-examples pdf-% pdf-%-letter
	$(PYTHON) -m nqprint --lang $* --out $(BUILD)/pdf --work $(BUILD)/print --latex $(BUILD)/latex >/dev/null

# Proof sheets for editors: chosen pages of every PDF of $(BUILD)/pdf, one PNG per PDF in
# $(BUILD)/proof (`make proof PAGES=1-4,60,last DPI=80`; default: the first 4 pages and a sample).
proof:
	$(PYTHON) -m nqprint.proof --pdf-dir $(BUILD)/pdf --out $(BUILD)/proof \
		$(if $(PAGES),--pages "$(PAGES)") $(if $(DPI),--dpi "$(DPI)")

# Every worked example, each page's in the sandbox (nqsphinx/page_examples.py), reported by pytest.
doctest:
	$(PYTHON) -m pytest docs $(PAGES_INI) -q --no-header -p no:cacheprovider -o addopts= --tb=short \
		-p nqsphinx.page_examples

translation-status:
	$(PYTHON) -m nqtranslate status

gettext: export SOURCE_DATE_EPOCH = 1195603200
gettext:
	$(SPHINXBUILD) -q -E -b gettext -c . docs $(BUILD)/gettext

# Translators: after an English edit, `./dev update-po` refreshes every catalogue (changed
# messages become fuzzy, returning ones get their translation back; nothing is dropped). One
# locked run (nqtranslate/update.py): the gettext build, then the page, engine, extension,
# examples, print and theme catalogues, format flags dropped; each file replaced atomically.
update-po:
	$(PYTHON) -m nqtranslate update --pot-dir $(BUILD)/gettext

# Every catalogue laid out as GNU msgcat writes it (also the last step of update-po): after a
# merge of branches, or an editor that wraps lines its own way.
tidy-po:
	$(PYTHON) -m nqtranslate tidy locale nqcore/locale nqsphinx/locale nqprint/locale examples/locale

# The whole suite (no PYTEST_ARGS but --full) also enforces the engine's line coverage, with the
# companion's bridge to it, measured by the engine's fast tests and the worked examples (the
# others are marked no_cover in tests/conftest.py; the workers' data combined); a run of chosen
# tests does not, so that one test file can be run on its own. `./dev test --full` runs the browser matrices in every setting (tests/conftest.py).
COVERAGE := --cov=nqcore --cov=nqcompanion.bridge --cov-report=term:skip-covered --cov-fail-under=95
# The tests run in $(WORKERS) processes (pytest-xdist), each test file whole in one of them, in the
# suite's order (tests/sharing.py's file_groups); the builds are made once for all of
# them (tests/sharing.py). `./dev test -n 0 ...` or `-p no:xdist` runs them in one process.
WORKERS ?= 2
XDIST = $(if $(findstring no:xdist,$(PYTEST_ARGS)),,-n $(WORKERS) --dist loadgroup --no-loadscope-reorder)

test:
	$(PYTHON) -m pytest $(XDIST) --durations=25 $(or $(filter-out --full,$(PYTEST_ARGS)),$(COVERAGE)) $(filter --full,$(PYTEST_ARGS))

# The inner loop: everything but the slow tests (whole builds, PDFs, browser, faults; the marker
# is set in tests/conftest.py), in about a minute.
test-fast:
	$(PYTHON) -m pytest -m "not slow" $(PYTEST_ARGS)

# Benchmarks, in a scratch copy: medians and peak memory (`make bench BENCH_ARGS="--only html"`).
bench:
	$(PYTHON) tools/bench.py $(BENCH_ARGS)

# Laid out by `ruff format` (run it before committing): every Python file of the project.
FORMATTED := nqcore nqsphinx nqcompanion nqprint nqtranslate tests examples conf.py tools

lint:
	ruff check nqcore nqsphinx nqcompanion nqprint nqtranslate tests examples conf.py tools
	ruff format --check $(FORMATTED)
	mypy
	lint-imports --no-cache --no-logo

clean:
	rm -rf $(BUILD)
