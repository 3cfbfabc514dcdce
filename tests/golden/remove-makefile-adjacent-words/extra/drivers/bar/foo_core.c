int fc;
