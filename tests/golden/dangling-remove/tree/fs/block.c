int block;
