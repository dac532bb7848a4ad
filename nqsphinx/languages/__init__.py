"""Each page in its reader's language: the language switch, the theme's words, French
typography and the notice on pages whose translation is incomplete."""
