/* Finds magic multipliers for rook and bishop attack lookup; prints them as Swift. Run once; output is committed. */
#include <stdio.h>
#include <stdint.h>
typedef uint64_t u64;
static u64 s = 0x9E3779B97F4A7C15ull;
static u64 rnd(void){ s ^= s >> 12; s ^= s << 25; s ^= s >> 27; return s * 2685821657736338717ull; }
static u64 sparse(void){ return rnd() & rnd() & rnd(); }
static u64 slide(int sq, u64 occ, const int (*d)[2], int edges){
  u64 a=0; int f0=sq&7, r0=sq>>3;
  for(int k=0;k<4;k++){ int f=f0+d[k][0], r=r0+d[k][1];
    while(f>=0&&f<8&&r>=0&&r<8){ int t=r*8+f;
      if(edges){ int nf=f+d[k][0], nr=r+d[k][1]; if(!(nf>=0&&nf<8&&nr>=0&&nr<8)) break; }
      a|=1ull<<t; if(occ>>t&1) break; f+=d[k][0]; r+=d[k][1]; } }
  return a; }
int main(void){
  const int rd[4][2]={{1,0},{-1,0},{0,1},{0,-1}}, bd[4][2]={{1,1},{1,-1},{-1,1},{-1,-1}};
  for(int p=0;p<2;p++){ const int (*d)[2]= p==0?rd:bd;
    printf("let %sMagics: [UInt64] = [\n", p==0?"rook":"bishop");
    for(int sq=0;sq<64;sq++){
      u64 mask=slide(sq,0,d,1); int n=__builtin_popcountll(mask);
      static u64 occ[4096], att[4096], used[4096]; static int seen[4096]; int cnt=0; u64 b=0;
      do{ occ[cnt]=b; att[cnt]=slide(sq,b,d,0); cnt++; b=(b-mask)&mask; }while(b);
      for(;;){ u64 m=sparse(); if(__builtin_popcountll((mask*m)&0xFF00000000000000ull)<6) continue;
        for(int i=0;i<4096;i++) seen[i]=0; int ok=1;
        for(int i=0;i<cnt&&ok;i++){ unsigned idx=(unsigned)((occ[i]*m)>>(64-n));
          if(!seen[idx]){ seen[idx]=1; used[idx]=att[i]; } else if(used[idx]!=att[i]) ok=0; }
        if(ok){ printf("    0x%016llX,%s", (unsigned long long)m, sq%4==3?"\n":""); break; } } }
    printf("]\n\n"); }
  return 0; }
