"""The LaTeX that measures a table's columns (:func:`nqsphinx.books.latex.measure_columns`):
lengths for each column's header, body and words, and the passes that set its width: natural,
headers wrapped at every word, every cell wrapped, then grown back while the line has room."""

#: Lengths and macros of :func:`measure_columns` (a header is set in Sphinx's header family).
MEASURE = r"""
\newlength{\nqflex}\newlength{\nqminflex}\newlength{\nqwidth}\newlength{\nqmax}
\count255=0
\loop
  \expandafter\newlength\csname nqcolumn\the\count255\endcsname
  \expandafter\newlength\csname nqbody\the\count255\endcsname
  \expandafter\newlength\csname nqhead\the\count255\endcsname
  \expandafter\newlength\csname nqheadword\the\count255\endcsname
  \expandafter\newlength\csname nqword\the\count255\endcsname
  \advance\count255 by 1 \ifnum\count255<40 \repeat
\newcommand{\nqlen}[2]{\csname nq#1#2\endcsname}
\newcommand{\nqwholewords}{\hyphenpenalty10000\exhyphenpenalty10000\relax}
%% \nqwiden{font}{text}: \nqmax becomes the width of text if wider.
\newcommand{\nqwiden}[2]{\settowidth{\nqwidth}{#1#2}\ifdim\nqwidth>\nqmax\setlength{\nqmax}{\nqwidth}\fi}
\newcommand{\nqword}[1]{\nqwiden{\sphinxstyletheadfamily}{#1}}
\newcommand{\nqcell}[1]{\nqwiden{}{#1}}
\newcommand{\nqcellword}[1]{\nqwiden{}{#1}}
%% \nqmeasure{i}{header words}{header}{cells}{cell words}
\newcommand{\nqmeasure}[5]{%
  \setlength{\nqmax}{0pt}#2\setlength{\nqlen{headword}{#1}}{\nqmax}%
  \settowidth{\nqlen{head}{#1}}{\sphinxstyletheadfamily #3}%
  \setlength{\nqmax}{0pt}#4\setlength{\nqlen{body}{#1}}{\nqmax}%
  \setlength{\nqmax}{\nqlen{headword}{#1}}#5\setlength{\nqlen{word}{#1}}{\nqmax}}
%% \nqnatural{n}{i}: the widest cell; the header wraps at the n-th of the line, not in a word
%% (1sp under it: n shares that \dimexpr rounds up overrun the line, and wrap at every word).
\newcommand{\nqnatural}[2]{%
  \setlength{\nqmax}{\dimexpr\linewidth/#1-2\tabcolsep-1sp\relax}%
  \ifdim\nqlen{headword}{#2}>\nqmax\setlength{\nqmax}{\nqlen{headword}{#2}}\fi
  \ifdim\nqlen{head}{#2}<\nqmax\setlength{\nqmax}{\nqlen{head}{#2}}\fi
  \ifdim\nqlen{body}{#2}>\nqmax\setlength{\nqmax}{\nqlen{body}{#2}}\fi
  \nqset{#2}}
%% \nqwrapheader{n}{i}: the widest cell; the header wraps at every word.
\newcommand{\nqwrapheader}[2]{%
  \setlength{\nqmax}{\nqlen{body}{#2}}%
  \ifdim\nqlen{headword}{#2}>\nqmax\setlength{\nqmax}{\nqlen{headword}{#2}}\fi
  \nqset{#2}}
%% \nqgrow{n}{i}: after a narrower pass, column i grows back towards its natural width while the
%% line has room left (\nqflex above \nqminflex): headers wrapped at every word in a table with
%% room to spare read « Corps / à / corps ».
\newcommand{\nqgrow}[2]{%
  \setlength{\nqmax}{\dimexpr\linewidth/#1-2\tabcolsep-1sp\relax}%
  \ifdim\nqlen{headword}{#2}>\nqmax\setlength{\nqmax}{\nqlen{headword}{#2}}\fi
  \ifdim\nqlen{head}{#2}<\nqmax\setlength{\nqmax}{\nqlen{head}{#2}}\fi
  \ifdim\nqlen{body}{#2}>\nqmax\setlength{\nqmax}{\nqlen{body}{#2}}\fi
  \addtolength{\nqmax}{-\nqlen{column}{#2}}%
  \setlength{\nqwidth}{\dimexpr\nqflex-\nqminflex\relax}%
  \ifdim\nqwidth<\nqmax\setlength{\nqmax}{\nqwidth}\fi
  \ifdim\nqmax>0pt\addtolength{\nqlen{column}{#2}}{\nqmax}\addtolength{\nqflex}{-\nqmax}\fi}
%% \nqwrapall{n}{i}: the longest word of the column.
\newcommand{\nqwrapall}[2]{\setlength{\nqmax}{\nqlen{word}{#2}}\nqset{#2}}
\newcommand{\nqset}[1]{\setlength{\nqlen{column}{#1}}{\nqmax}\addtolength{\nqflex}{-\nqmax}}
%% \nqoverflow: what a table's columns, at their narrowest, lack to fit the line (its long
%% columns under half their wished share): \nqover. The table is measured again in a smaller
%% type (table_style) while it lacks some; in the smallest, it takes what it still lacks from
%% the margins, half on each side (\nqwidestart, \nqwideend), rather than run past the paper's
%% edge.
\newlength{\nqover}
\newcommand{\nqoverflow}{\setlength{\nqover}{\dimexpr\nqminflex/2-\nqflex\relax}%
  \ifdim\nqover>0pt\setlength{\nqflex}{\dimexpr\nqminflex/2\relax}\else\setlength{\nqover}{0pt}\fi}
\newcommand{\nqwidestart}{\ifdim\nqover>0pt
  \list{}{\topsep0pt\partopsep0pt\parsep\parskip\listparindent\parindent
    \itemindent0pt\leftmargin-.5\nqover\rightmargin-.5\nqover}\item\relax\fi}
\newcommand{\nqwideend}{\ifdim\nqover>0pt\endlist\fi}
"""
