int common;
