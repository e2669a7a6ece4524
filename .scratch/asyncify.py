import re, sys, glob

files = [f for f in glob.glob('src-server/**/*.ts', recursive=True)
         if '/migrations/' not in f and '/db/engine/' not in f and '/postgres/' not in f
         and f not in ('src-server/db/tenantDb.ts','src-server/db/changeCounters.ts','src-server/http/paging.ts',
                       'src-server/auth/refreshTokens.ts','src-server/auth/loginThrottle.ts','src-server/auth/routes.ts',
                       'src-server/http/idempotency.ts','src-server/auth/accounts.ts','src-server/auth/authenticate.ts',
                       'src-server/system/secrets.ts','src-server/app.ts','src-server/db/groupCommit.ts')]
src = {f: open(f).read() for f in files}

RECV = r'(?:request\.tenant|state\.tenant|this\.tenant|ctx\.tenant|tenant|scoped)'
ASYNC = set(['readPage','readChangeCounters','readPolicy'])

def match_paren(s, i):
    # s[i] == '(' ; return index after matching ')'
    depth=0; j=i; n=len(s)
    while j<n:
        c=s[j]
        if c in '"\'`':
            q=c; j+=1
            while j<n and s[j]!=q:
                if s[j]=='\\': j+=1
                elif q=='`' and s[j]=='$' and j+1<n and s[j+1]=='{':
                    # skip template expr
                    d=0; j+=1
                    while j<n:
                        if s[j]=='{': d+=1
                        elif s[j]=='}':
                            d-=1
                            if d==0: break
                        j+=1
                j+=1
        elif c in '([{': depth+=1
        elif c in ')]}':
            depth-=1
            if depth==0: return j+1
        j+=1
    return n

def add_awaits(s, names):
    out=[]; i=0
    pat = re.compile(r'(?<![\w.])(' + RECV + r'\s*\.\s*(?:get|all|run)\b|(?:' + '|'.join(sorted(names, key=len, reverse=True)) + r'))\s*(<[^()]*?>)?\s*\(')
    pos=0; res=''
    for m in pat.finditer(s):
        start=m.start()
        before=s[max(0,start-40):start]
        if re.search(r'(await|function|async)\s*$', before) or re.search(r'(function\s+)$', before):
            continue
        # skip definitions like "export function name(" handled above; skip 'new X('
        if re.search(r'new\s+$', before): continue
        res += s[pos:start] + 'await '
        pos = start
    res += s[pos:]
    return res

fn_pat = re.compile(r'(export\s+)?function\s+(\w+)\s*(<[^>]*>)?\s*\(')
for it in range(6):
    changed=False
    for f in files:
        s = add_awaits(src[f], ASYNC)
        # make functions async when they contain await
        out=''; pos=0
        for m in fn_pat.finditer(s):
            if m.start() < pos: continue
            p = match_paren(s, m.end()-1)
            # return type and body
            k = s.find('{', p)
            ret = s[p:k]
            b = match_paren(s, k)
            body = s[k:b]
            name = m.group(2)
            pre = s[max(0,m.start()-6):m.start()]
            if 'await ' in re.sub(r'async\s*\([^)]*\)\s*=>.*', '', body) or name in ASYNC:
                if name not in ASYNC:
                    ASYNC.add(name); changed=True
                if 'async' not in pre:
                    head = s[m.start():p]
                    head = re.sub(r'^(export\s+)?function', lambda mm: (mm.group(1) or '')+'async function', head)
                    r2 = ret
                    mm = re.match(r'(\s*:\s*)(.+?)(\s*)$', ret, re.S)
                    if mm and not mm.group(2).startswith('Promise<'):
                        r2 = mm.group(1)+'Promise<'+mm.group(2)+'>'+mm.group(3)
                    out += s[pos:m.start()] + head + r2
                    pos = k
        out += s[pos:]
        # transaction callbacks
        out = re.sub(r'\.transaction\(\(\)(\s*:\s*[\w<>\[\] |]+)?\s*=>', lambda mm: '.transaction(async ()' + (mm.group(1) and re.sub(r':\s*(.+)', r': Promise<\1>', mm.group(1)) or '') + ' =>', out)
        if out != src[f]: changed=True
        src[f]=out
    if not changed: break

for f in files:
    open(f,'w').write(src[f])
print(sorted(ASYNC))
