"use strict";
// Reached only through @emotion/react/macro, which this project does not use (see packages/README.md).
throw new Error(
  "@emotion/babel-plugin is not installed in this project: @emotion/react/macro and Emotion's Babel plugin are not supported here.",
);
